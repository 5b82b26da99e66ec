import { ConfigType, registerAs } from '@nestjs/config';
import { readEnvironment } from './env.validation';

/** Where and whether the Prometheus metrics are served (src/metrics, docs/operations.md#metrics). */
export const metricsConfig = registerAs('metrics', () => {
  const env = readEnvironment();
  return {
    enabled: env.METRICS_ENABLED,
    port: env.METRICS_PORT,
    /** Bearer token `GET /metrics` requires; none when unset. */
    token: env.METRICS_TOKEN,
  };
});

export type MetricsConfig = ConfigType<typeof metricsConfig>;
