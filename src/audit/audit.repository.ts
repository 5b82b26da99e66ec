import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { Sql } from '../database/sql';
import type { AuditRecord } from './audit-record';
import type { AuditEntry } from './entities/audit-entry.entity';

export type AuditRow = Omit<AuditEntry, 'txId'>;

const COLUMNS = `id::text AS id, at, actor_type AS "actorType", actor_id AS "actorId", action,
  target_type AS "targetType", target_id AS "targetId", vendor_id AS "vendorId", request_id AS "requestId", fields`;

/** As in the events' feed: only entries of transactions older than every running one, by (tx_id, id). */
const SETTLED = `tx_id < pg_snapshot_xmin(pg_current_snapshot())::text::bigint`;

@Injectable()
export class AuditRepository {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly sql: Sql,
  ) {}

  /** In the caller's transaction, stamped with its transaction id. */
  async insert(record: AuditRecord, at: Date): Promise<void> {
    await this.sql.run({
      sql: `INSERT INTO audit_log (tx_id, at, actor_type, actor_id, action, target_type, target_id, vendor_id, request_id, fields)
       VALUES (pg_current_xact_id()::text::bigint, $1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      parameters: [
        at,
        record.actor.type,
        record.actor.id,
        record.action,
        record.target.type,
        record.target.id,
        record.vendorId,
        record.requestId,
        record.fields,
      ],
    });
  }

  async position(vendorId: number | null, id: string): Promise<{ txId: string } | undefined> {
    const [row] = await this.sql.rows<{ txId: string }>({
      sql: `SELECT tx_id::text AS "txId" FROM audit_log WHERE id = $1 AND ($2::int IS NULL OR vendor_id = $2)`,
      parameters: [id, vendorId],
    });
    return row;
  }

  /** Up to `limit` settled entries after the position (from the start when none), oldest first. */
  feed(vendorId: number | null, after: { txId: string; id: string } | undefined, limit: number): Promise<AuditRow[]> {
    return this.sql.rows({
      sql: `SELECT ${COLUMNS} FROM audit_log
        WHERE ${SETTLED}
          AND ($1::int IS NULL OR vendor_id = $1)
          AND ($2::bigint IS NULL OR (tx_id, id) > ($2::bigint, $3::bigint))
        ORDER BY tx_id, id
        LIMIT $4`,
      parameters: [vendorId, after?.txId ?? null, after?.id ?? null, limit],
    });
  }

  /**
   * Removes up to `limit` entries written before `cutoff`, in a transaction of its own that tells
   * the append-only trigger it is the retention pass; answers how many.
   */
  deleteBefore(cutoff: Date, limit: number): Promise<number> {
    return this.txHost.withTransaction(async () => {
      await this.sql.run({ sql: `SELECT set_config('app.audit_retention', 'on', true)`, parameters: [] });
      const { rowCount: affected } = await this.sql.run({
        sql: `DELETE FROM audit_log WHERE id = ANY (ARRAY(SELECT id FROM audit_log WHERE at < $1 ORDER BY at LIMIT $2))`,
        parameters: [cutoff, limit],
      });
      return affected;
    });
  }
}
