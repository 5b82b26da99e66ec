import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { ReputationProcess } from '../../reputation/entities/reputation-process.entity';
import { Vendor } from '../../vendors/entities/vendor.entity';

/** What a text asked for: a carrier keyword, or a reply for a person to read. */
export const INBOUND_SMS_KINDS = ['STOP', 'START', 'HELP', 'REPLY'] as const;
export type InboundSmsKind = (typeof INBOUND_SMS_KINDS)[number];

/** One text a customer sent to a sender number, as the provider's webhook gave it (docs/contract.md#sms-replies). */
@Entity('inbound_sms')
// The provider retries its webhook: one row per MessageSid.
@Index('uq_inbound_sms_message_sid', ['messageSid'], { unique: true, where: '"message_sid" IS NOT NULL' })
@Index('idx_inbound_sms_process', ['processId', 'id'], { where: '"process_id" IS NOT NULL' })
// The managers' inbox: replies that reached no process.
@Index('idx_inbound_sms_unmatched', ['id'], { where: `"process_id" IS NULL AND "kind" = 'REPLY'` })
@Index('idx_inbound_sms_phone', ['phone'], { where: '"phone" IS NOT NULL' })
export class InboundSms {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'BY DEFAULT' })
  id: number;

  @Column({ type: 'varchar', length: 64, nullable: true })
  messageSid: string | null;

  /** `From` as the provider sent it (blanked at erasure). */
  @Column({ type: 'varchar', length: 100 })
  sender: string;

  /** `From` as `xxx-xxx-xxxx`; null when it is not a North-American phone number (or once erased). */
  @Column({ type: 'varchar', length: 12, nullable: true })
  phone: string | null;

  /** `To`: the sender number the customer wrote to. */
  @Column({ type: 'varchar', length: 100 })
  recipient: string;

  @Column({ type: 'text' })
  body: string;

  @Column({ type: 'enum', enum: INBOUND_SMS_KINDS, enumName: 'inbound_sms_kind' })
  kind: InboundSmsKind;

  /** The vendor the text belongs to (its process's, or the owner of the number written to); null when none. */
  @Column({ type: 'integer', nullable: true })
  vendorId: number | null;

  @ManyToOne(() => Vendor, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'vendor_id', foreignKeyConstraintName: 'fk_inbound_sms_vendor' })
  vendor?: Vendor;

  /** The process a reply was stored on; null when it matched none (the managers' inbox). */
  @Column({ type: 'bigint', nullable: true })
  processId: number | null;

  @ManyToOne(() => ReputationProcess, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'process_id', foreignKeyConstraintName: 'fk_inbound_sms_process' })
  process?: ReputationProcess;

  /** The TwiML answered, answered again to a repeat of the same MessageSid. */
  @Column({ type: 'text' })
  answer: string;

  @CreateDateColumn({ type: 'timestamptz' })
  receivedAt: Date;
}
