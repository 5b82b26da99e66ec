import { Injectable } from '@nestjs/common';
import { ERASED } from '../common/privacy/customer-contact';
import { CustomerDataProvider, type Erasure, type ErasedCounts } from '../common/privacy/customer-data-provider';
import { type CustomerDataExport, exportedTime, exportedTimeOrNull } from '../common/privacy/customer-data-export';
import type { PersonFinding } from '../common/privacy/person-finding';
import { Sql } from '../database/sql';
import type { ExportedProcess, ExportedRequest } from '../reputation/dto/exported-process.response';
import { REVIEW_REQUEST_SQL, type ReviewRequestRecord } from './review-requests.sql';

/** The review requests' part of a person's data rights (docs/contract.md#data-rights), by the processes found for them. */
@Injectable()
@CustomerDataProvider({ kinds: ['reviewRequests'], erasureCounts: { reviewRequests: { example: 1 } } })
export class ReviewRequestCustomerRecords implements CustomerDataProvider {
  readonly tables = ['review_requests'];

  constructor(private readonly sql: Sql) {}

  async find(finding: PersonFinding): Promise<void> {
    const requests = await this.sql.rows(
      REVIEW_REQUEST_SQL.recordsOfProcesses.bind({ processIds: finding.ids('reputationProcesses') }),
    );
    finding.add('reviewRequests', requests, {
      contacts: requests,
      values: requests.flatMap((r) => [r.firstName, r.lastName, r.email, r.phone]),
    });
  }

  /** Nested in their processes' requests. */
  exportTo(answer: CustomerDataExport): void {
    const requests = answer.finding.records<ReviewRequestRecord>('reviewRequests');
    answer.nest('reputationProcesses', 'requests', (process: ExportedProcess) =>
      requests
        .filter((request) => Number(request.processId) === process.id)
        .map((request): ExportedRequest => ({
          id: Number(request.id),
          kind: 'REVIEW',
          name: [request.firstName, request.lastName].filter(Boolean).join(' '),
          email: request.email,
          phone: request.phone,
          createdAt: exportedTime(request.createdAt),
          answeredAt: exportedTimeOrNull(request.answeredAt),
          rating: null,
          wouldRefer: null,
          comment: null,
          happy: request.happy,
          confirmedAt: exportedTimeOrNull(request.confirmedAt),
        })),
    );
  }

  /** Names and contacts removed; the answer and times (what the KPIs count) stay. */
  async erase({ finding }: Erasure): Promise<ErasedCounts> {
    const { rowCount } = await this.sql.run(
      REVIEW_REQUEST_SQL.eraseRecords.bind({ ids: finding.ids('reviewRequests'), erased: ERASED }),
    );
    return { reviewRequests: rowCount };
  }
}
