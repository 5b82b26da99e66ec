import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsEnum, IsInt, Max, Min } from 'class-validator';
import { Optional } from '../../common/validation/optional.decorator';
import { LeadFilter } from '../entities/lead.entity';

/** Every parameter has a default; @ApiPropertyOptional says so (the plugin would call them required). */
export class ListLeadsQuery {
  /** Page index, from 0. A page past the end is empty. @example 0 */
  @ApiPropertyOptional()
  @Optional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(2_147_483_647)
  page: number = 0;

  /** Leads per page. @example 10 */
  @ApiPropertyOptional()
  @Optional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  size: number = 10;

  /**
   * ALL: every lead. ACCEPTED: accepted leads. REQUIRES_ATTENTION: leads waiting to be accepted or
   * declined, and accepted leads whose post-lead status update is due.
   */
  @ApiPropertyOptional()
  @Optional()
  @IsEnum(LeadFilter)
  filter: LeadFilter = LeadFilter.All;
}
