import { Injectable } from '@nestjs/common';
import { ERASED } from '../common/privacy/customer-contact';
import { CustomerDataProvider, type Erasure, type ErasedCounts } from '../common/privacy/customer-data-provider';
import type { PersonFinding } from '../common/privacy/person-finding';
import { Sql } from '../database/sql';
import { REVIEW_REQUEST_SQL } from './review-requests.sql';

// The customer-data module names the records through the provider.
export type { ReviewRequestRecord } from './review-requests.sql';

/** The review requests' part of a person's data rights (docs/contract.md#data-rights), by the processes found for them. */
@Injectable()
@CustomerDataProvider()
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

  /** Names and contacts removed; the answer and times (what the KPIs count) stay. */
  async erase({ finding }: Erasure): Promise<ErasedCounts> {
    const { rowCount } = await this.sql.run(
      REVIEW_REQUEST_SQL.eraseRecords.bind({ ids: finding.ids('reviewRequests'), erased: ERASED }),
    );
    return { reviewRequests: rowCount };
  }
}
