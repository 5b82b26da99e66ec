import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { Sql } from '../database/sql';
import { ContactSuppressions } from './contact-suppressions';
import { ReputationEvent, type ReputationEventType } from './entities/reputation-event.entity';
import { ProcessState, ReputationProcess } from './entities/reputation-process.entity';
import { REPUTATION_SQL } from './reputation.sql';

export type NewEvent = Pick<ReputationEvent, 'vendorId' | 'processId' | 'type'> &
  Partial<Pick<ReputationEvent, 'rating' | 'wouldRefer' | 'platform' | 'channel'>>;

export type NewProcess = Pick<
  ReputationProcess,
  'vendorId' | 'token' | 'origin' | 'step' | 'firstName' | 'locale' | 'email' | 'phone'
>;

export type ProcessChanges = Partial<
  Pick<ReputationProcess, 'step' | 'state' | 'terminationReason' | 'privateFeedback'> & {
    ended: true;
    optedOut: true;
  }
>;

/** The processes, their events and the vendors' opt-out lists; in the caller's transaction when there is one. */
@Injectable()
export class ProcessRepository {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly sql: Sql,
    private readonly suppressions: ContactSuppressions,
  ) {}

  private get manager() {
    return this.txHost.tx;
  }

  /** The contacts the vendor must not message: opted out of its messages, or erased (suppressed for every vendor). */
  async optedOut(vendorId: number, contacts: string[]): Promise<Set<string>> {
    if (contacts.length === 0) return new Set();
    const hashes = contacts.map((contact) => this.suppressions.hashOf(contact));
    const rows = await this.sql.rows(REPUTATION_SQL.optedOut.bind({ vendorId, contacts, hashes }));
    return new Set(rows.map((row) => row.contact));
  }

  async optOut(vendorId: number, contacts: string[]): Promise<void> {
    if (contacts.length === 0) return;
    await this.sql.run(REPUTATION_SQL.optOut.bind({ vendorId, contacts }));
  }

  /** The process with its first event, of `eventType`. */
  async insertProcess(process: NewProcess, eventType: ReputationEventType): Promise<ReputationProcess> {
    const [stored] = await this.sql.rows(REPUTATION_SQL.insertProcess.bind({ ...process, eventType }));
    return stored;
  }

  /** Whether the process has an event of this type. */
  hasEvent(processId: number, type: ReputationEvent['type']): Promise<boolean> {
    return this.manager.existsBy(ReputationEvent, { processId, type });
  }

  async insertEvents(events: NewEvent[]): Promise<void> {
    if (events.length === 0) return;
    await this.sql.run(
      REPUTATION_SQL.insertEvents.bind({
        vendorIds: events.map((event) => event.vendorId),
        processIds: events.map((event) => event.processId),
        types: events.map((event) => event.type),
        ratings: events.map((event) => event.rating ?? null),
        wouldRefers: events.map((event) => event.wouldRefer ?? null),
        platforms: events.map((event) => event.platform ?? null),
        channels: events.map((event) => event.channel ?? null),
      }),
    );
  }

  /** Changes a process; `ended` stamps ended_at and `optedOut` opted_out_at with the transaction's time. */
  async updateProcess(id: number, changes: ProcessChanges): Promise<void> {
    const { ended, optedOut, ...columns } = changes;
    await this.manager.update(ReputationProcess, id, {
      ...columns,
      ...(ended ? { endedAt: () => 'now()' } : {}),
      ...(optedOut ? { optedOutAt: () => 'now()' } : {}),
    });
  }

  /** The process behind a customer link, locked for the rest of the transaction. */
  lockProcess(token: string): Promise<ReputationProcess | null> {
    return this.manager.findOne(ReputationProcess, { where: { token }, lock: { mode: 'pessimistic_write' } });
  }

  /** Every vendor's processes in progress with this phone, locked for the rest of the transaction. */
  lockInProgressWithPhone(phone: string): Promise<ReputationProcess[]> {
    return this.manager.find(ReputationProcess, {
      where: { phone, state: ProcessState.InProgress },
      order: { id: 'ASC' },
      lock: { mode: 'pessimistic_write' },
    });
  }

  lockProcessOfVendor(vendorId: number, id: number): Promise<ReputationProcess | null> {
    return this.manager.findOne(ReputationProcess, { where: { id, vendorId }, lock: { mode: 'pessimistic_write' } });
  }

  findProcessById(id: number): Promise<ReputationProcess | null> {
    return this.manager.findOneBy(ReputationProcess, { id });
  }

  findProcess(token: string): Promise<ReputationProcess | null> {
    return this.manager.findOneBy(ReputationProcess, { token });
  }
}
