import { ConfigType, registerAs } from '@nestjs/config';
import { readEnvironment } from './env.validation';

/** The alerts of new leads (src/lead-alerts, docs/contract.md#speed-to-lead). */
export const leadAlertsConfig = registerAs('leadAlerts', () => ({
  /** The link an alert carries, `{leadId}` replaced by the lead's id; unset: alerts carry no link. */
  leadUrl: readEnvironment().LEAD_ALERT_URL,
}));

export type LeadAlertsConfig = ConfigType<typeof leadAlertsConfig>;
