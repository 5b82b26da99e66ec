import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { IsNull, MoreThan } from 'typeorm';
import { ERASED } from '../common/privacy/customer-contact';
import { LockSpace } from '../database/advisory-locks';
import { type WalkedBatch, walkedBatchOf } from '../database/retention-walk';
import { Sql } from '../database/sql';
import { InboundSms } from './entities/inbound-sms.entity';

/** A text as a person's export shows it. */
export type InboundSmsRecord = Pick<
  InboundSms,
  'id' | 'vendorId' | 'processId' | 'sender' | 'phone' | 'recipient' | 'body' | 'kind' | 'receivedAt'
>;

export type NewInboundSms = Pick<
  InboundSms,
  'messageSid' | 'sender' | 'phone' | 'recipient' | 'body' | 'kind' | 'vendorId' | 'processId' | 'answer'
>;

/** The texts received; in the caller's transaction when there is one. */
@Injectable()
export class InboundSmsRepository {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly sql: Sql,
  ) {}

  private get manager() {
    return this.txHost.tx;
  }

  /** Held to the end of the transaction: a repeat of this MessageSid waits for the first to be recorded. */
  async lockMessageSid(messageSid: string): Promise<void> {
    await this.sql.run({
      sql: 'SELECT pg_advisory_xact_lock($1, hashtext($2))',
      parameters: [LockSpace.InboundSms, messageSid],
    });
  }

  findByMessageSid(messageSid: string): Promise<InboundSms | null> {
    return this.manager.findOneBy(InboundSms, { messageSid });
  }

  insert(text: NewInboundSms): Promise<InboundSms> {
    return this.manager.save(InboundSms, text as InboundSms);
  }

  /** Replies that reached no process, oldest first, after the one with id `after`. */
  unmatched(after: number, limit: number): Promise<InboundSms[]> {
    return this.manager.find(InboundSms, {
      where: { processId: IsNull(), kind: 'REPLY', id: MoreThan(after) },
      order: { id: 'ASC' },
      take: limit,
    });
  }

  ofProcess(processId: number): Promise<InboundSms[]> {
    return this.manager.find(InboundSms, { where: { processId }, order: { id: 'ASC' } });
  }

  /** The texts from a phone (idx_inbound_sms_phone) and those stored on these processes (idx_inbound_sms_process). */
  ofPerson(phones: string[], processIds: number[]): Promise<InboundSmsRecord[]> {
    const columns = `id, vendor_id AS "vendorId", process_id AS "processId", sender, phone, recipient, body, kind,
      received_at AS "receivedAt"`;
    return this.sql.rows({
      sql: `SELECT ${columns} FROM inbound_sms WHERE phone = ANY($1::text[])
       UNION SELECT ${columns} FROM inbound_sms WHERE process_id = ANY($2::bigint[])
       ORDER BY id`,
      parameters: [phones, processIds],
    });
  }

  /** Sender and body become `[erased]` and the phone null, on the rows that still hold any of them. */
  async erase(ids: number[]): Promise<number> {
    const { rowCount } = await this.sql.run({
      sql: `UPDATE inbound_sms SET sender = $2::text, phone = NULL, body = $2::text
        WHERE id = ANY($1::bigint[]) AND (sender <> $2::text OR phone IS NOT NULL OR body <> $2::text)`,
      parameters: [ids, ERASED],
    });
    return rowCount;
  }

  /**
   * Blanks the bodies and senders among the next `limit` texts after `afterId` received before `cutoff`
   * (ids grow with time, so the walk stops at the first batch that reaches the cutoff): an old text
   * keeps when it came and to which number, nothing of who sent it. Answers where it got to.
   */
  async blankBodiesBefore(cutoff: Date, afterId: number, limit: number): Promise<WalkedBatch> {
    const rows: { id: number; old: boolean; young: boolean }[] = await this.sql.rows({
      sql: `WITH batch AS (
         SELECT id, received_at < $2 AND body <> $4::text AS old, received_at >= $2 AS young
           FROM inbound_sms WHERE id > $1 ORDER BY id LIMIT $3),
       blanked AS (
         UPDATE inbound_sms t SET body = $4::text, sender = $4::text, phone = NULL
           FROM batch WHERE t.id = batch.id AND batch.old RETURNING t.id)
       SELECT id, old, young FROM batch ORDER BY id`,
      parameters: [afterId, cutoff, limit, ERASED],
    });
    return walkedBatchOf(rows, limit);
  }
}
