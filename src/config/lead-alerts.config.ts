import { ConfigType, registerAs } from '@nestjs/config';

/** The alerts of new leads (src/lead-alerts, docs/contract.md#speed-to-lead). Values are validated in env.validation.ts. */
export const leadAlertsConfig = registerAs('leadAlerts', () => ({
  /** The link an alert carries, `{leadId}` replaced by the lead's id; unset: alerts carry no link. */
  leadUrl: process.env.LEAD_ALERT_URL || undefined,
}));

export type LeadAlertsConfig = ConfigType<typeof leadAlertsConfig>;

/** The placeholder LEAD_ALERT_URL may hold. */
export const LEAD_ID_PLACEHOLDER = '{leadId}';

/** Whether the setting is an http(s) URL once its placeholder is filled in. */
export function isLeadUrlTemplate(value: string): boolean {
  try {
    const { protocol } = new URL(value.replaceAll(LEAD_ID_PLACEHOLDER, '1'));
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}
