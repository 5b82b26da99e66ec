import { ApiInteger } from '../../common/openapi/api-integer.decorator';
import type { LeadAlertSettingsValues } from '../lead-alert-settings';

/** Who hears of the vendor's new leads (docs/contract.md#speed-to-lead). */
export class LeadAlertSettingsResponse {
  /** Where alert e-mails go (the vendor's account e-mail unless another was set). @example "dispatch@acme.example" */
  email: string;
  /** Where alert SMS go, as xxx-xxx-xxxx. @example "416-555-0142" */
  phone: string | null;
  emailEnabled: boolean;
  smsEnabled: boolean;
  /** 0: no re-alert. @example 30 */
  @ApiInteger({ min: 0 })
  reAlertAfterMinutes: number;
  /**
   * Whether alert e-mails go to `email`: the account's own always; another once the code sent to it was
   * entered (until then they go to the account's e-mail). @example true
   */
  emailConfirmed: boolean;
  /** Whether alert SMS go to `phone`: once the code texted to it was entered (false without a phone). @example false */
  phoneConfirmed: boolean;

  static from(settings: LeadAlertSettingsValues): LeadAlertSettingsResponse {
    return {
      email: settings.email,
      phone: settings.phone,
      emailEnabled: settings.emailEnabled,
      smsEnabled: settings.smsEnabled,
      reAlertAfterMinutes: settings.reAlertAfterMinutes,
      emailConfirmed: settings.emailConfirmed,
      phoneConfirmed: settings.phoneConfirmed,
    };
  }
}
