import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Vendor } from '../../vendors/entities/vendor.entity';
import type { RecordedEventType } from '../event-types';

/**
 * One change a vendor system may hear about, written in the transaction of the change (docs/contract.md#events-webhooks).
 * `tx_id` is the writing transaction's id: the feed shows only events of transactions older than
 * every running one and orders by (tx_id, id), so an event that commits late never lands behind a
 * reader's cursor.
 */
@Entity('events')
@Index('idx_events_feed', ['txId', 'id'])
@Index('idx_events_vendor_feed', ['vendorId', 'txId', 'id'])
@Index('idx_events_occurred', ['occurredAt'])
// The events of one lead or process, for a person's data rights: expression indexes, hand-written in the
// CustomerDataRights migration.
@Index('idx_events_lead', { synchronize: false })
@Index('idx_events_process', { synchronize: false })
@Index('idx_events_message_failed', { synchronize: false })
export class StoredEvent {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'BY DEFAULT' })
  id: string;

  @Column({ type: 'bigint' })
  txId: string;

  @ManyToOne(() => Vendor, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'vendor_id', foreignKeyConstraintName: 'fk_events_vendor' })
  vendor?: Vendor;

  @Column({ type: 'integer' })
  vendorId: number;

  @Column({ type: 'varchar', length: 40 })
  type: RecordedEventType;

  /** The resource as the vendor API showed it when the change committed. */
  @Column({ type: 'jsonb' })
  data: object;

  @CreateDateColumn({ type: 'timestamptz' })
  occurredAt: Date;
}
