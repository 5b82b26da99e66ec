import { Injectable } from '@nestjs/common';
import { ERASED } from '../common/privacy/customer-contact';
import { CustomerDataProvider, type Erasure, type ErasedCounts } from '../common/privacy/customer-data-provider';
import type { PersonFinding } from '../common/privacy/person-finding';
import { type ExpiredBatch, expiredBatchOf } from '../common/privacy/retention-walk';
import { Sql } from '../database/sql';
import { ContactSuppressions } from './contact-suppressions';
import { REPUTATION_SQL } from './reputation.sql';

// The customer-data module names the records through the provider.
export type { OptOutRecord, ProcessEventRecord, ProcessRecord } from './reputation.sql';

/**
 * The reputation core's part of a person's data rights (docs/contract.md#data-rights): their processes with what they
 * answered and clicked, their opt-outs, and at erasure the suppression of their contacts.
 */
@Injectable()
@CustomerDataProvider()
export class ProcessCustomerRecords implements CustomerDataProvider {
  readonly tables = ['reputation_processes', 'reputation_events', 'contact_opt_outs', 'contact_suppressions'];

  constructor(
    private readonly sql: Sql,
    private readonly suppressions: ContactSuppressions,
  ) {}

  async find(finding: PersonFinding): Promise<void> {
    // Every process of any vendor sent to the contacts (idx_reputation_processes_email / _phone).
    const processes = await this.sql.rows(
      REPUTATION_SQL.processRecords.bind({
        emails: finding.emails,
        phones: finding.phones,
        ids: finding.ids('reputationProcesses'),
      }),
    );
    finding.add('reputationProcesses', processes, {
      contacts: processes,
      values: processes.flatMap((p) => [p.firstName, p.email, p.phone, p.privateFeedback]),
    });
    // The steps: answers (rating, would-refer), yes/no, clicks per platform, referrals.
    finding.add(
      'processSteps',
      await this.sql.rows(REPUTATION_SQL.processStepRecords.bind({ processIds: finding.ids('reputationProcesses') })),
    );
    // The vendors' opt-out lists (the phones' opt-outs from every vendor's texts are the outbox's).
    finding.add('optOuts', await this.sql.rows(REPUTATION_SQL.optOutRecords.bind({ contacts: finding.contacts })));
  }

  /**
   * Up to `limit` processes after `afterId` whose last activity (start, end, opt-out, the customer's
   * last answer or click) is before `cutoff` and whose customer data is still held: what
   * `RETENTION_PROCESSES_DAYS` erases. Ids grow with start times, so the walk ends at the first process
   * started after the cutoff.
   */
  async inactiveBefore(cutoff: Date, afterId: number, limit: number): Promise<ExpiredBatch> {
    const rows = await this.sql.rows(REPUTATION_SQL.inactiveBefore.bind({ cutoff, afterId, limit }));
    return expiredBatchOf(rows, limit);
  }

  /**
   * In the caller's transaction: the processes lose the customer's name, contacts and private
   * feedback, and their links answer 410 from now on; the opt-outs of the contacts are replaced by
   * their keyed hashes in the suppression list (which every message checks), unless a retention pass
   * is erasing expired records.
   */
  async erase({ finding, suppress }: Erasure): Promise<ErasedCounts> {
    const processIds = finding.ids('reputationProcesses');
    const { rowCount: processes } = processIds.length
      ? await this.sql.run(REPUTATION_SQL.eraseProcesses.bind({ ids: processIds, erased: ERASED }))
      : { rowCount: 0 };
    if (!suppress) return { reputationProcesses: processes };
    const { rowCount: optOuts } = await this.sql.run(REPUTATION_SQL.deleteOptOuts.bind({ contacts: finding.contacts }));
    await this.suppressions.suppress(finding.contacts);
    return { reputationProcesses: processes, optOuts };
  }
}
