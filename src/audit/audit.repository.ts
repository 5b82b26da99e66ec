import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { Sql } from '../database/sql';
import type { AuditRecord } from './audit-record';
import { AUDIT_SQL, type AuditRow } from './audit.sql';

@Injectable()
export class AuditRepository {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly sql: Sql,
  ) {}

  /** In the caller's transaction, stamped with its transaction id. */
  async insert(record: AuditRecord, at: Date): Promise<void> {
    await this.sql.run(
      AUDIT_SQL.insert.bind({
        at,
        actorType: record.actor.type,
        actorId: record.actor.id,
        action: record.action,
        targetType: record.target.type,
        targetId: record.target.id,
        vendorId: record.vendorId,
        requestId: record.requestId,
        fields: record.fields,
      }),
    );
  }

  async position(vendorId: number | null, id: string): Promise<{ txId: string } | undefined> {
    const [row] = await this.sql.rows(AUDIT_SQL.position.bind({ id, vendorId }));
    return row;
  }

  /** Up to `limit` settled entries after the position (from the start when none), oldest first. */
  feed(vendorId: number | null, after: { txId: string; id: string } | undefined, limit: number): Promise<AuditRow[]> {
    return this.sql.rows(
      AUDIT_SQL.feed.bind({ vendorId, afterTxId: after?.txId ?? null, afterId: after?.id ?? null, limit }),
    );
  }

  /**
   * Removes up to `limit` entries written before `cutoff`, in a transaction of its own that tells
   * the append-only trigger the cutoff (entries after it stay, whatever the statement); answers how many.
   */
  deleteBefore(cutoff: Date, limit: number): Promise<number> {
    return this.txHost.withTransaction(async () => {
      await this.sql.run(AUDIT_SQL.markRetention.bind({ cutoff: cutoff.toISOString() }));
      const { rowCount: affected } = await this.sql.run(AUDIT_SQL.deleteBefore.bind({ cutoff, limit }));
      return affected;
    });
  }
}
