import { Injectable } from '@nestjs/common';
import { type Retains, RetainsRecords, type Retention } from '../common/privacy/retention';
import { Clock } from '../common/time/clock';
import { DomainError } from '../common/errors/domain-error';
import type { AuditRecord } from './audit-record';
import { AuditRepository } from './audit.repository';
import type { AuditRow } from './audit.sql';

export interface AuditPage {
  content: AuditRow[];
  hasMore: boolean;
  /** The cursor of the next call: the last entry's id (the `after` given when the page is empty). */
  nextAfter: string | null;
}

/** The audit log (docs/contract.md#data-rights): written in the transaction of each change, read by cursor, never changed. */
@Injectable()
@RetainsRecords()
export class AuditService implements Retains {
  readonly retention: Retention[] = [
    {
      setting: 'AUDIT_LOG_RETENTION_DAYS',
      counted: 'auditEntries',
      expires: { deletes: (cutoff, limit) => this.removeBefore(cutoff, limit) },
    },
  ];

  constructor(
    private readonly repository: AuditRepository,
    private readonly clock: Clock,
  ) {}

  /** Joins the caller's transaction: the entry commits with the change or not at all. */
  record(record: AuditRecord): Promise<void> {
    return this.repository.insert(record, this.clock.now());
  }

  async feed(vendorId: number | null, after: string | undefined, limit: number): Promise<AuditPage> {
    let position: { txId: string; id: string } | undefined;
    if (after !== undefined) {
      const found = await this.repository.position(vendorId, after);
      if (!found) {
        throw DomainError.invalid(
          'after must be the id of an audit log entry (of that vendor, when vendorId is given).',
          [{ field: 'after', message: `${after} is not an audit log entry here.` }],
        );
      }
      position = { txId: found.txId, id: after };
    }
    const rows = await this.repository.feed(vendorId, position, limit + 1);
    const content = rows.slice(0, limit);
    return {
      content,
      hasMore: rows.length > limit,
      nextAfter: content.length ? content[content.length - 1].id : (after ?? null),
    };
  }

  /** Retention: removes up to `limit` entries written before `cutoff`, in a transaction of its own; answers how many. */
  removeBefore(cutoff: Date, limit: number): Promise<number> {
    return this.repository.deleteBefore(cutoff, limit);
  }
}
