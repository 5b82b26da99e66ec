import { IsString, MaxLength } from 'class-validator';
import { NotBlank } from '../../common/validation/not-blank.decorator';
import { Trim } from '../../common/validation/trim.decorator';

export class DeclineLeadDto {
  /** Why the vendor declines the lead. @example "Outside our service area." */
  @Trim()
  @IsString()
  @NotBlank()
  @MaxLength(500)
  declineReason: string;
}
