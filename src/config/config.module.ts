import { Global, Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { appConfig } from './app.config';
import { authConfig } from './auth.config';
import { automationConfig } from './automation.config';
import { databaseConfig } from './database.config';
import { documentsConfig } from './documents.config';
import { readEnvironment } from './env.validation';
import { httpConfig } from './http.config';
import { imagesConfig } from './images.config';
import { leadAlertsConfig } from './lead-alerts.config';
import { leadsConfig } from './leads.config';
import { notificationsConfig } from './notifications.config';
import { privacyConfig } from './privacy.config';
import { rateLimitConfig } from './rate-limit.config';
import { referralsConfig } from './referrals.config';
import { secretsConfig } from './secrets.config';
import { webhooksConfig } from './webhooks.config';
import { metricsConfig } from './metrics.config';

@Global()
@Module({
  imports: [
    ConfigModule.forRoot({
      isGlobal: true,
      cache: true,
      load: [
        appConfig,
        databaseConfig,
        authConfig,
        secretsConfig,
        leadsConfig,
        httpConfig,
        rateLimitConfig,
        documentsConfig,
        imagesConfig,
        notificationsConfig,
        webhooksConfig,
        automationConfig,
        leadAlertsConfig,
        privacyConfig,
        referralsConfig,
        metricsConfig,
      ],
      // Checked whole, once, before any factory reads it; the environment is left as given (no defaults
      // written into it: each factory reads its area's values, defaults included, with readSettings).
      validate: (environment) => {
        readEnvironment(environment);
        return environment;
      },
    }),
  ],
})
export class AppConfigModule {}
