import Joi from 'joi';
import { SettingsGroup, flag, optional, withDefault } from './setting';

export const observabilitySettings = {
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
  },
} satisfies SettingsGroup;
