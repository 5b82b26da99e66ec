import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsEnum } from 'class-validator';
import { PageQuery } from '../../common/pagination/page.query';
import { SkipIfAbsent } from '../../common/validation/skip-if-absent.decorator';
import { LeadFilter } from '../entities/lead.entity';

export class ListLeadsQuery extends PageQuery {
  /**
   * ALL: every lead. ACCEPTED: accepted leads. REQUIRES_ATTENTION: leads waiting to be accepted or
   * declined, and accepted leads whose post-lead status update is due.
   */
  @ApiPropertyOptional()
  @SkipIfAbsent()
  @IsEnum(LeadFilter)
  filter: LeadFilter = LeadFilter.All;
}
