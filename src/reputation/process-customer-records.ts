import { Injectable } from '@nestjs/common';
import { ERASED } from '../common/privacy/customer-contact';
import { CustomerDataProvider, type Erasure, type ErasedCounts } from '../common/privacy/customer-data-provider';
import type { PersonFinding } from '../common/privacy/person-finding';
import type { CustomerDataExport } from '../common/privacy/customer-data-export';
import type { Retention } from '../common/privacy/retention';
import { type ExpiredBatch, expiredBatchOf } from '../common/privacy/retention-walk';
import { ExportedOptOut } from '../notifications/dto/exported-opt-out.response';
import { Sql } from '../database/sql';
import { ContactSuppressions } from './contact-suppressions';
import { ExportedProcess, ExportedStep } from './dto/exported-process.response';
import type { OptOutRecord } from '../notifications/notification.types';
import { type ProcessEventRecord, type ProcessRecord, REPUTATION_SQL } from './reputation.sql';

/**
 * The reputation core's part of a person's data rights (docs/contract.md#data-rights): their processes with what they
 * answered and clicked, their opt-outs, and at erasure the suppression of their contacts.
 */
@Injectable()
@CustomerDataProvider({
  kinds: ['reputationProcesses', 'processSteps', 'optOuts'],
  exports: { reputationProcesses: { type: [ExportedProcess] } },
  erasureCounts: {
    reputationProcesses: {
      description: 'Processes whose name, contacts and private feedback were removed; their links answer 410.',
      example: 1,
    },
  },
})
export class ProcessCustomerRecords implements CustomerDataProvider {
  readonly tables = ['reputation_processes', 'reputation_events', 'contact_opt_outs', 'contact_suppressions'];
  readonly retention: Retention[] = [
    {
      setting: 'RETENTION_PROCESSES_DAYS',
      counted: 'processes',
      expires: {
        erases: 'reputationProcesses',
        walk: (cutoff, afterId, limit) => this.inactiveBefore(cutoff, afterId, limit),
      },
    },
  ];

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

  /** The processes with their steps (the requests and referrals are nested by their modules), and the vendors' opt-outs. */
  exportTo(answer: CustomerDataExport): void {
    const { finding } = answer;
    answer.add(
      'reputationProcesses',
      finding.records<ProcessRecord>('reputationProcesses').map((process) => ExportedProcess.from(process)),
    );
    const steps = finding.records<ProcessEventRecord>('processSteps');
    answer.nest('reputationProcesses', 'steps', (process: ExportedProcess) =>
      steps.filter((step) => Number(step.processId) === process.id).map((step) => ExportedStep.from(step)),
    );
    answer.add(
      'optOuts',
      finding.records<OptOutRecord>('optOuts').map((optOut) => ExportedOptOut.from(optOut)),
    );
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
