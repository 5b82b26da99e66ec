import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditLogController } from './audit-log.controller';
import { AuditInterceptor } from './audit.interceptor';
import { AuditRepository } from './audit.repository';
import { AuditService } from './audit.service';
import { AuditEntry } from './entities/audit-entry.entity';

/**
 * The audit log (CONTRACT 14): bound to every write route by `bindAuditToWrites`, read on the manager
 * API; global, as the CLI and the customer-data module record into it too.
 */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([AuditEntry]), DiscoveryModule],
  controllers: [AuditLogController],
  providers: [AuditRepository, AuditService, AuditInterceptor],
  exports: [AuditService, AuditInterceptor],
})
export class AuditModule {}
