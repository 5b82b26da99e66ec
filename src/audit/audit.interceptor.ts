import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { type Observable, from, lastValueFrom } from 'rxjs';
import type { AuthenticatedRequest } from '../auth/principal';
import { AuditService } from './audit.service';
import { AUDIT_TARGET, type DeclaredAuditTarget, managerWriteRecord } from './manager-writes';

/**
 * On every manager API write route (`@ManagerWrite`), innermost: a manager's write runs in a transaction
 * (joining the idempotency one when there is a key) that also writes its audit entry, against the
 * target the route declares, so no change commits without its entry and a failed write leaves none. A
 * vendor's write passes through: the webhook endpoint routes are one set of handlers on both APIs.
 */
@Injectable()
export class AuditInterceptor implements NestInterceptor {
  constructor(
    private readonly audit: AuditService,
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly reflector: Reflector,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const principal = request.principal;
    if (principal?.type !== 'manager') return next.handle();
    const target = this.reflector.get<DeclaredAuditTarget | undefined>(AUDIT_TARGET, context.getHandler());
    if (!target) throw new Error(`${context.getClass().name}.${context.getHandler().name} declares no audit target`);
    // next.handle() is called inside the transaction: Nest binds the handler to the async context it is called in.
    return from(
      this.txHost.withTransaction(async () => {
        const result: unknown = await lastValueFrom(next.handle(), { defaultValue: undefined });
        await this.audit.record(managerWriteRecord(request, principal.manager.id, result, target));
        return result;
      }),
    );
  }
}
