import { ConfigType, registerAs } from '@nestjs/config';
import Joi from 'joi';
import { SettingsGroup, optional, readSettings } from './settings/setting';

/** The placeholder LEAD_ALERT_URL may hold. */
export const LEAD_ID_PLACEHOLDER = '{leadId}';

/** Whether the setting is an http(s) URL once its placeholder is filled in. */
function isLeadUrlTemplate(value: string): boolean {
  try {
    const { protocol } = new URL(value.replaceAll(LEAD_ID_PLACEHOLDER, '1'));
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

export const leadAlertsSettings = {
  title: 'Lead alerts',
  settings: {
    LEAD_ALERT_URL: optional(
      Joi.string()
        .max(2000)
        .custom((value: string, helpers) => (isLeadUrlTemplate(value) ? value : helpers.error('any.invalid')))
        .messages({ 'any.invalid': '{{#label}} must be an http(s) URL, with {leadId} where the lead id goes' }),
      'link a lead alert carries, `{leadId}` replaced (e.g. `https://portal.example.com/leads/{leadId}`); http(s), checked at start; unset: no link',
    ),
  },
} satisfies SettingsGroup;

/** The alerts of new leads (src/lead-alerts, docs/contract.md#speed-to-lead). */
export const leadAlertsConfig = registerAs('leadAlerts', () => ({
  /** The link an alert carries, `{leadId}` replaced by the lead's id; unset: alerts carry no link. */
  leadUrl: readSettings(leadAlertsSettings).LEAD_ALERT_URL,
}));

export type LeadAlertsConfig = ConfigType<typeof leadAlertsConfig>;
