import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditLogController } from './audit-log.controller';
import { AuditRepository } from './audit.repository';
import { AuditService } from './audit.service';
import { AuditEntry } from './entities/audit-entry.entity';

/**
 * The audit log (docs/contract.md#data-rights): written by the interceptor of `@ManagerWrite` routes (built with each
 * controller's module), read on the manager API; global, as those modules, the CLI and the
 * customer-data module record into it.
 */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([AuditEntry])],
  controllers: [AuditLogController],
  providers: [AuditRepository, AuditService],
  exports: [AuditService],
})
export class AuditModule {}
