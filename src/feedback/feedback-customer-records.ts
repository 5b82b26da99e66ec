import { Injectable } from '@nestjs/common';
import { ERASED } from '../common/privacy/customer-contact';
import { CustomerDataProvider, type Erasure, type ErasedCounts } from '../common/privacy/customer-data-provider';
import { type CustomerDataExport, exportedTime, exportedTimeOrNull } from '../common/privacy/customer-data-export';
import type { PersonFinding } from '../common/privacy/person-finding';
import { Sql } from '../database/sql';
import type { ExportedProcess, ExportedRequest } from '../reputation/dto/exported-process.response';
import { FEEDBACK_SQL, type FeedbackRequestRecord } from './feedback.sql';

/** The feedback requests' part of a person's data rights (docs/contract.md#data-rights), by the processes found for them. */
@Injectable()
@CustomerDataProvider({ kinds: ['feedbackRequests'], erasureCounts: { feedbackRequests: { example: 1 } } })
export class FeedbackCustomerRecords implements CustomerDataProvider {
  readonly tables = ['feedback_requests'];

  constructor(private readonly sql: Sql) {}

  async find(finding: PersonFinding): Promise<void> {
    const requests = await this.sql.rows(
      FEEDBACK_SQL.recordsOfProcesses.bind({ processIds: finding.ids('reputationProcesses') }),
    );
    finding.add('feedbackRequests', requests, {
      contacts: requests,
      values: requests.flatMap((r) => [r.customerName, r.email, r.phone, r.comment]),
    });
  }

  /** Nested in their processes' requests. */
  exportTo(answer: CustomerDataExport): void {
    const requests = answer.finding.records<FeedbackRequestRecord>('feedbackRequests');
    answer.nest('reputationProcesses', 'requests', (process: ExportedProcess) =>
      requests
        .filter((request) => Number(request.processId) === process.id)
        .map((request): ExportedRequest => ({
          id: Number(request.id),
          kind: 'FEEDBACK',
          name: request.customerName,
          email: request.email,
          phone: request.phone,
          createdAt: exportedTime(request.createdAt),
          answeredAt: exportedTimeOrNull(request.answeredAt),
          rating: request.rating,
          wouldRefer: request.wouldRefer,
          comment: request.comment,
          happy: null,
          confirmedAt: null,
        })),
    );
  }

  /** Name, contacts and comment removed; the rating and times (what the KPIs count) stay. */
  async erase({ finding }: Erasure): Promise<ErasedCounts> {
    const { rowCount } = await this.sql.run(
      FEEDBACK_SQL.eraseRecords.bind({ ids: finding.ids('feedbackRequests'), erased: ERASED }),
    );
    return { feedbackRequests: rowCount };
  }
}
