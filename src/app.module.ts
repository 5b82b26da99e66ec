import { Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import { AuthModule } from './auth/auth.module';
import { AccessGuard } from './auth/guards/access.guard';
import { FeatureGuard } from './auth/guards/feature.guard';
import { AllExceptionsFilter } from './common/envelope/all-exceptions.filter';
import { EnvelopeInterceptor } from './common/envelope/envelope.interceptor';
import { createValidationPipe } from './common/validation/validation.pipe';
import { AppConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { HealthModule } from './health/health.module';
import { LoggingModule } from './logging/logging.module';
import { NotificationDeliveryModule } from './notifications/notification-delivery.module';
import { VendorsModule } from './vendors/vendors.module';

@Module({
  imports: [
    AppConfigModule,
    LoggingModule,
    DatabaseModule,
    AuthModule,
    HealthModule,
    VendorsModule,
    NotificationDeliveryModule,
  ],
  providers: [
    // Guards run in this order: who is calling, then what their account may use.
    { provide: APP_GUARD, useExisting: AccessGuard },
    { provide: APP_GUARD, useExisting: FeatureGuard },
    { provide: APP_PIPE, useFactory: createValidationPipe },
    { provide: APP_INTERCEPTOR, useClass: EnvelopeInterceptor },
    { provide: APP_FILTER, useClass: AllExceptionsFilter },
  ],
})
export class AppModule {}
