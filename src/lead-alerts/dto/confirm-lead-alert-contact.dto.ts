import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches } from 'class-validator';

/** The code sent to a new alert phone or e-mail (docs/contract.md#speed-to-lead). */
export class ConfirmLeadAlertContactDto {
  /** The 6 digits the text or e-mail carried. @example "042917" */
  @ApiProperty({ pattern: '^\\d{6}$' })
  @IsString()
  @Matches(/^\d{6}$/, { message: '$property must be the 6 digits sent' })
  code: string;
}
