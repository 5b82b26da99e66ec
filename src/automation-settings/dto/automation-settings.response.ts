import { ApiInteger } from '../../common/openapi/api-integer.decorator';
import type { AutomationSettingsValues } from '../automation-settings';

export class AutomationSettingsResponse {
  reminderEnabled: boolean;
  /** @example 4320 */
  @ApiInteger({ min: 0 })
  reminderDelayMinutes: number;
  /** `HH:MM`, or null when there are no quiet hours. @example "20:00" */
  quietHoursStart: string | null;
  /** @example "09:00" */
  quietHoursEnd: string | null;
  /** @example "America/Toronto" */
  timeZone: string;
  autoReviewRequestOnJobWon: boolean;
  /** @example 120 */
  @ApiInteger({ min: 0 })
  autoReviewRequestDelayMinutes: number;

  static from(settings: AutomationSettingsValues): AutomationSettingsResponse {
    return {
      reminderEnabled: settings.reminderEnabled,
      reminderDelayMinutes: settings.reminderDelayMinutes,
      quietHoursStart: settings.quietHoursStart,
      quietHoursEnd: settings.quietHoursEnd,
      timeZone: settings.timeZone,
      autoReviewRequestOnJobWon: settings.autoReviewRequestOnJobWon,
      autoReviewRequestDelayMinutes: settings.autoReviewRequestDelayMinutes,
    };
  }
}
