import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { Trim } from '../../common/validation/trim.decorator';

export class DeclineLeadDto {
  /** Why the vendor declines the lead. @example "Outside our service area." */
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(500)
  declineReason: string;
}
