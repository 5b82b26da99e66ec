import { Injectable } from '@nestjs/common';
import { ERASED } from '../common/privacy/customer-contact';
import { CustomerDataProvider, type Erasure, type ErasedCounts } from '../common/privacy/customer-data-provider';
import type { PersonFinding } from '../common/privacy/person-finding';
import { Sql } from '../database/sql';
import { FEEDBACK_SQL } from './feedback.sql';

// The customer-data module names the records through the provider.
export type { FeedbackRequestRecord } from './feedback.sql';

/** The feedback requests' part of a person's data rights (docs/contract.md#data-rights), by the processes found for them. */
@Injectable()
@CustomerDataProvider()
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

  /** Name, contacts and comment removed; the rating and times (what the KPIs count) stay. */
  async erase({ finding }: Erasure): Promise<ErasedCounts> {
    const { rowCount } = await this.sql.run(
      FEEDBACK_SQL.eraseRecords.bind({ ids: finding.ids('feedbackRequests'), erased: ERASED }),
    );
    return { feedbackRequests: rowCount };
  }
}
