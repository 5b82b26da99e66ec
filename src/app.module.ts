import { Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';
import { AuditModule } from './audit/audit.module';
import { AuthModule } from './auth/auth.module';
import { AutomationModule } from './automation/automation.module';
import { ConsentModule } from './consent/consent.module';
import { AutomationSettingsModule } from './automation-settings/automation-settings.module';
import { AccessGuard } from './auth/guards/access.guard';
import { FeatureGuard } from './auth/guards/feature.guard';
import { CustomerPageExceptionFilter } from './customer-pages/http/customer-page-exception.filter';
import { BodyContentTypeGuard } from './common/http/body-content-type.guard';
import { RouteMetadataModule } from './common/http/route-metadata';
import { createValidationPipe } from './common/validation/validation.pipe';
import { AppConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { EmbeddedDatabaseModule } from './embedded-database/embedded-database.module';
import { DocumentsModule } from './documents/documents.module';
import { IdempotencyModule } from './idempotency/idempotency.module';
import { WriteSlotsModule } from './rate-limit/write-slots.module';
import { TimeModule } from './common/time/time.module';
import { HealthModule } from './health/health.module';
import { ImagesModule } from './images/images.module';
import { LeadAlertsModule } from './lead-alerts/lead-alerts.module';
import { LeadConversationsModule } from './lead-conversations/lead-conversations.module';
import { LeadsModule } from './leads/leads.module';
import { LoggingModule } from './logging/logging.module';
import { NotificationDeliveryModule } from './notifications/notification-delivery.module';
import { RateLimitGuard } from './rate-limit/rate-limit.guard';
import { RateLimitModule } from './rate-limit/rate-limit.module';
import { CustomerDataModule } from './customer-data/customer-data.module';
import { RetentionModule } from './customer-data/retention.module';
import { CustomerPagesModule } from './customer-pages/customer-pages.module';
import { FeedbackModule } from './feedback/feedback.module';
import { ReferralsModule } from './referrals/referrals.module';
import { ReputationKpiModule } from './reputation-kpi/reputation-kpi.module';
import { ReputationModule } from './reputation/reputation.module';
import { ReviewRequestsModule } from './review-requests/review-requests.module';
import { ReviewSettingsModule } from './review-settings/review-settings.module';
import { SmsInboundModule } from './sms-inbound/sms-inbound.module';
import { VendorsModule } from './vendors/vendors.module';
import { ApiKeysModule } from './api-keys/api-keys.module';
import { EventsModule } from './events/events.module';
import { WebhookDeliveryModule } from './webhooks/delivery/webhook-delivery.module';
import { VendorsService } from './vendors/vendors.service';
import { MetricsModule } from './metrics/metrics.module';
import { TracingShutdown } from './common/tracing/tracing-setup';

@Module({
  imports: [
    AppConfigModule,
    RouteMetadataModule,
    LoggingModule,
    EmbeddedDatabaseModule.whenNoDatabaseUrl(),
    DatabaseModule,
    TimeModule,
    IdempotencyModule,
    WriteSlotsModule,
    AuditModule,
    ScheduleModule.forRoot(),
    AuthModule.forRoot({ imports: [VendorsModule], vendorAccounts: VendorsService }),
    RateLimitModule,
    HealthModule,
    VendorsModule,
    ApiKeysModule,
    LeadsModule,
    ReviewSettingsModule,
    AutomationSettingsModule,
    DocumentsModule,
    ImagesModule,
    NotificationDeliveryModule,
    EventsModule,
    WebhookDeliveryModule,
    ReputationModule,
    ConsentModule,
    ReviewRequestsModule,
    FeedbackModule,
    ReferralsModule,
    CustomerPagesModule,
    ReputationKpiModule,
    AutomationModule,
    LeadAlertsModule,
    SmsInboundModule,
    LeadConversationsModule,
    CustomerDataModule,
    RetentionModule,
    MetricsModule,
  ],
  providers: [
    // Guards run in this order: how often (every request, whatever its token), who is calling, what
    // their account may use, then whether the body is of a type the route takes.
    { provide: APP_GUARD, useExisting: RateLimitGuard },
    { provide: APP_GUARD, useExisting: AccessGuard },
    { provide: APP_GUARD, useExisting: FeatureGuard },
    { provide: APP_GUARD, useClass: BodyContentTypeGuard },
    { provide: APP_PIPE, useFactory: createValidationPipe },
    // No global interceptor: the envelope is put on as the answer is sent (EnvelopeExpressAdapter) and the
    // idempotency and audit interceptors are on the write routes only (each write route's kind,
    // `@VendorWrite`/`@ManagerWrite`, puts them on), so reads run none.
    // Errors answer in the JSON envelope; under the customer pages' paths, as a page in the customer's language.
    { provide: APP_FILTER, useExisting: CustomerPageExceptionFilter },
    TracingShutdown,
  ],
})
export class AppModule {}
