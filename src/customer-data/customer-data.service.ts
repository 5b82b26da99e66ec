import { Transactional } from '@nestjs-cls/transactional';
import { Injectable } from '@nestjs/common';
import type { CustomerContact } from '../common/privacy/customer-contact';
import type { PersonFinding } from '../common/privacy/person-finding';
import { Clock } from '../common/time/clock';
import { EventsService } from '../events/events.service';
import { addressesOf } from '../reputation/contact';
import { ContactSuppressions } from '../reputation/contact-suppressions';
import { CustomerDataProviders } from './customer-data-providers';
import type { CustomerDataErasureResponse, CustomerDataExportResponse } from '../common/privacy/customer-data-answers';

/**
 * A person's rights over the data held about them (docs/contract.md#data-rights), across vendors: everything held
 * about an e-mail or phone, and its erasure. Each module's provider answers for its own tables.
 */
@Injectable()
export class CustomerDataService {
  constructor(
    private readonly providers: CustomerDataProviders,
    private readonly suppressions: ContactSuppressions,
    private readonly events: EventsService,
    private readonly clock: Clock,
  ) {}

  /** What the audit log names instead of the contact: its keyed hash (the e-mail's when both are given). */
  contactHash(contact: CustomerContact): string {
    return this.suppressions.hashOf(addressesOf(contact)[0]);
  }

  /** Every part each provider declares, filled with what it found. */
  async export(contact: CustomerContact, includeLinked: boolean): Promise<CustomerDataExportResponse> {
    return this.providers.exportOf(await this.providers.find([contact], includeLinked));
  }

  /**
   * One transaction: the person's names, contacts, addresses, comments and message bodies removed
   * everywhere, their links closed (410), their contacts suppressed; complete or not done. Once it
   * commits, the tables it changed are vacuumed before the answer leaves. A second call finds nothing
   * left to erase.
   */
  @Transactional()
  async erase(contact: CustomerContact, includeLinked: boolean): Promise<CustomerDataErasureResponse> {
    const finding = await this.providers.find([contact], includeLinked);
    const { counts, tables } = await this.providers.erase(finding, true);
    await this.tellVendors(finding);
    await this.providers.vacuumAfterCommit(tables);
    return { ...this.providers.zeroCounts(), ...counts, linkedContacts: finding.linkedContacts };
  }

  /**
   * Each vendor whose leads or processes were erased gets `customer.erased` with its own ids and no
   * contact (feed and webhooks), in the erasure's transaction, so its systems can delete their copies.
   */
  private async tellVendors(finding: PersonFinding): Promise<void> {
    const erasedAt = this.clock.now().toISOString();
    const byVendor = new Map<number, { leadIds: number[]; processIds: number[] }>();
    const of = (vendorId: number) =>
      byVendor.get(vendorId) ?? byVendor.set(vendorId, { leadIds: [], processIds: [] }).get(vendorId)!;
    for (const lead of finding.records<{ id: number; vendorId: number }>('leads'))
      of(lead.vendorId).leadIds.push(Number(lead.id));
    for (const process of finding.records<{ id: number; vendorId: number }>('reputationProcesses'))
      of(process.vendorId).processIds.push(Number(process.id));
    for (const [vendorId, ids] of byVendor) await this.events.record(vendorId, 'customer.erased', { ...ids, erasedAt });
  }
}
