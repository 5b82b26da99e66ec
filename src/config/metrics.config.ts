import { ConfigType, registerAs } from '@nestjs/config';
import Joi from 'joi';
import { SettingsGroup, type SettingsOf, flag, httpUrl, optional, readSettings, withDefault } from './settings/setting';

export const metricsSettings = {
  title: 'Metrics and traces',
  settings: {
    METRICS_ENABLED: flag(
      true,
      'serve Prometheus metrics on `METRICS_PORT` (never on `PORT`); `false` counts nothing and opens no port',
    ),
    METRICS_PORT: withDefault(
      Joi.number().port(),
      9464,
      'port of `GET /metrics` (Prometheus text format), apart from the API; `0` takes a free port, logged at start',
    ),
    METRICS_TOKEN: optional(
      Joi.string().min(32),
      'when set, `GET /metrics` requires `Authorization: Bearer <token>` (at least 32 characters)',
      'no token: keep the metrics port off public networks (docs/operations.md, Metrics)',
    ),
    OTEL_EXPORTER_OTLP_ENDPOINT: optional(
      httpUrl(),
      "OpenTelemetry's standard setting: traces are exported over OTLP/HTTP to this collector (`/v1/traces` is added); the SDK also reads `OTEL_EXPORTER_OTLP_HEADERS` and the other `OTEL_EXPORTER_OTLP_*` settings",
      'traces off, unless `OTEL_TRACES_EXPORTER` asks for them',
    ),
    OTEL_TRACES_EXPORTER: optional(
      Joi.string().valid('otlp', 'console', 'none'),
      "OpenTelemetry's standard setting: `otlp` (to `OTEL_EXPORTER_OTLP_ENDPOINT`, else the SDK's default `http://localhost:4318`), `console` (each span on stdout) or `none`",
      '`otlp` when `OTEL_EXPORTER_OTLP_ENDPOINT` is set, else traces off',
    ),
    OTEL_SERVICE_NAME: withDefault(Joi.string(), 'vendor-leads', "the traces' `service.name`"),
  },
} satisfies SettingsGroup;

export type MetricsSettings = SettingsOf<typeof metricsSettings>;

/** Where and whether the Prometheus metrics are served (src/metrics, docs/operations.md#metrics). */
export const metricsConfig = registerAs('metrics', () => {
  const env = readSettings(metricsSettings);
  return {
    enabled: env.METRICS_ENABLED,
    port: env.METRICS_PORT,
    /** Bearer token `GET /metrics` requires; none when unset. */
    token: env.METRICS_TOKEN,
  };
});

export type MetricsConfig = ConfigType<typeof metricsConfig>;
