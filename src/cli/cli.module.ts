import { Module } from '@nestjs/common';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { AuditModule } from '../audit/audit.module';
import { AuthModule } from '../auth/auth.module';
import { TimeModule } from '../common/time/time.module';
import { AppConfigModule } from '../config/config.module';
import { DatabaseModule } from '../database/database.module';
import { EmbeddedDatabaseModule } from '../embedded-database/embedded-database.module';
import { LeadsModule } from '../leads/leads.module';
import { RetentionModule } from '../customer-data/retention.module';
import { CustomerPagesModule } from '../customer-pages/customer-pages.module';
import { FeedbackModule } from '../feedback/feedback.module';
import { IdempotencyModule } from '../idempotency/idempotency.module';
import { WriteSlotsModule } from '../rate-limit/write-slots.module';
import { ImageStorageModule } from '../images/image-storage.module';
import { ReputationModule } from '../reputation/reputation.module';
import { ReviewRequestsModule } from '../review-requests/review-requests.module';
import { ReviewSettingsModule } from '../review-settings/review-settings.module';
import { VendorsModule } from '../vendors/vendors.module';
import { VendorsService } from '../vendors/vendors.service';
import { CliCommands } from './cli.commands';
import { DemoSeed } from './demo-seed';
import { WebhooksModule } from '../webhooks/webhooks.module';

/** The slice of the application the admin commands need: no HTTP server, no background workers. */
@Module({
  imports: [
    AppConfigModule,
    EmbeddedDatabaseModule.whenNoDatabaseUrl(),
    DatabaseModule,
    TimeModule,
    AuditModule,
    // The write routes' interceptors (idempotency, write slots) are built with each module's controllers.
    IdempotencyModule,
    WriteSlotsModule,
    AuthModule.forRoot({ imports: [VendorsModule], vendorAccounts: VendorsService }),
    VendorsModule,
    ApiKeysModule,
    LeadsModule,
    ReviewSettingsModule,
    ReputationModule,
    ReviewRequestsModule,
    FeedbackModule,
    CustomerPagesModule,
    ImageStorageModule,
    WebhooksModule,
    RetentionModule,
  ],
  providers: [CliCommands, DemoSeed],
})
export class CliModule {}
