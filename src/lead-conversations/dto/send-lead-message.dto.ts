import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString, MaxLength } from 'class-validator';
import { NotBlank } from '../../common/validation/not-blank.decorator';
import { SkipIfAbsent } from '../../common/validation/skip-if-absent.decorator';
import { Trim } from '../../common/validation/trim.decorator';
import { LEAD_MESSAGE_CHANNELS, type LeadMessageChannel } from '../entities/lead-message.entity';

export class SendLeadMessageDto {
  /**
   * What the vendor writes, 1..1000 characters (white space around it trimmed), sent as written. By SMS the vendor's name goes before it
   * and the opt-out line after it, and the whole must fit in 3 segments.
   * @example "Hi Jane, thanks for your request! Could we come by Thursday at 10 to measure the kitchen?"
   */
  @Trim()
  @IsString()
  @NotBlank()
  @MaxLength(1000)
  body: string;

  /** `sms` or `email`; by default `sms` when the lead has a phone, else `email`. */
  @ApiPropertyOptional({ enum: LEAD_MESSAGE_CHANNELS, example: 'sms' })
  @SkipIfAbsent()
  @IsIn(LEAD_MESSAGE_CHANNELS)
  channel?: LeadMessageChannel;
}
