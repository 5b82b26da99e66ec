import { ApiProperty } from '@nestjs/swagger';
import { ApiObjectRule } from '../../common/openapi/object-rule.decorator';
import { IsBoolean, IsInt, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { SkipIfAbsent } from '../../common/validation/skip-if-absent.decorator';
import { IsNorthAmericanPhone } from '../../common/validation/phone';
import { Trim } from '../../common/validation/trim.decorator';
import { RE_ALERT_AFTER_MINUTES } from '../lead-alert-settings';
import { IsEmailAddress } from '../../common/validation/email-address';

const unlessNull = ValidateIf((_object, value) => value !== null);

/** PUT body: the whole settings; a property left out takes its default (docs/contract.md#speed-to-lead). */
@ApiObjectRule({
  anyOf: [
    { properties: { smsEnabled: { type: 'boolean', enum: [false] } } },
    { properties: { phone: { type: 'string' } }, required: ['phone'] },
  ],
})
export class LeadAlertSettingsDto {
  /** Where alert e-mails go; null or left out: the vendor's account e-mail. @example "dispatch@acme.example" */
  @SkipIfAbsent()
  @unlessNull
  @Trim()
  @IsEmailAddress()
  @MaxLength(254)
  email?: string | null;

  /** Where alert SMS go: North American, stored as xxx-xxx-xxxx; null for none. @example "(416) 555-0142" */
  @SkipIfAbsent()
  @unlessNull
  @IsNorthAmericanPhone()
  phone?: string | null;

  /** Send alerts by e-mail. @example true */
  @SkipIfAbsent()
  @IsBoolean()
  emailEnabled?: boolean;

  /** Send alerts by SMS; needs a phone (true without one is a 400). @example false */
  @SkipIfAbsent()
  @IsBoolean()
  smsEnabled?: boolean;

  /** Minutes after the assignment when a lead neither viewed nor answered is alerted once more, 0..1440 (0: never). @example 30 */
  @SkipIfAbsent()
  @IsInt()
  @ApiProperty({ type: 'integer' })
  @Min(RE_ALERT_AFTER_MINUTES.min)
  @Max(RE_ALERT_AFTER_MINUTES.max)
  reAlertAfterMinutes?: number;
}
