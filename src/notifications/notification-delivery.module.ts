import { EventsModule } from '../events/events.module';
import { Module } from '@nestjs/common';
import { NotificationsConfig, notificationsConfig } from '../config/notifications.config';
import { LogSender } from './delivery/log.sender';
import { EMAIL_SENDER, MessageSender, SMS_SENDER } from './delivery/message-sender';
import { SmtpEmailSender } from './delivery/smtp-email.sender';
import { TwilioSmsSender } from './delivery/twilio-sms.sender';
import { NotificationsModule } from './notifications.module';
import { NotificationsWorker } from './notifications.worker';
import { OutboxMetrics } from './outbox-metrics';
import { MetricsRegistryModule } from '../common/metrics/metrics-registry';

/** The delivering side: the worker and the channel senders. Imported by AppModule (the server) only. */
@Module({
  imports: [NotificationsModule, EventsModule, MetricsRegistryModule],
  providers: [
    NotificationsWorker,
    OutboxMetrics,
    {
      provide: EMAIL_SENDER,
      inject: [notificationsConfig.KEY],
      useFactory: ({ smtpUrl, mailFrom, sendTimeoutMs, concurrency }: NotificationsConfig): MessageSender =>
        smtpUrl
          ? new SmtpEmailSender({ smtpUrl, mailFrom, sendTimeoutMs, connections: concurrency })
          : new LogSender('SMTP_URL'),
    },
    {
      provide: SMS_SENDER,
      inject: [notificationsConfig.KEY],
      useFactory: ({ sms, sendTimeoutMs }: NotificationsConfig): MessageSender =>
        sms
          ? new TwilioSmsSender({ ...sms, sendTimeoutMs })
          : new LogSender('SMS_ACCOUNT_SID, SMS_AUTH_TOKEN, SMS_FROM'),
    },
  ],
})
export class NotificationDeliveryModule {}
