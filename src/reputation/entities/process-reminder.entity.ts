import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { NotificationChannel } from '../../notifications/notification.types';
import { ReputationProcess } from './reputation-process.entity';

/** What became of a reminder; null while it waits. */
export enum ReminderOutcome {
  Sent = 'SENT',
  /** The customer answered, clicked, or the process ended (completed, opted out, cancelled). */
  CustomerActed = 'CUSTOMER_ACTED',
  /** Every contact of the first message has opted out since. */
  OptedOut = 'OPTED_OUT',
  /** The vendor switched reminders off before it was due. */
  Disabled = 'DISABLED',
}

/**
 * The one reminder of a process (docs/contract.md#automation), written with the process when the vendor's settings
 * ask for one. Its primary key makes it one per process; a pass claims due rows with SKIP LOCKED and
 * settles them in the same transaction as the messages it queues, so it is sent once however many
 * instances run, and a pass that dies before its commit leaves the row to the next one.
 */
@Entity('process_reminders')
// The scheduler's claim: waiting rows by due time; a pass with nothing due reads only this index.
@Index('idx_process_reminders_due', ['dueAt'], { where: '"outcome" IS NULL' })
export class ProcessReminder {
  @PrimaryColumn({ type: 'bigint' })
  processId: number;

  // Many-to-one only to spare a second unique index: the primary key already makes it one per process.
  @ManyToOne(() => ReputationProcess, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'process_id', foreignKeyConstraintName: 'fk_process_reminders_process' })
  process?: ReputationProcess;

  @Column({ type: 'integer' })
  vendorId: number;

  /** The request row the first message belonged to: the reminder's messages have the same subject. */
  @Column({ type: 'bigint' })
  requestId: number;

  /** The channels of the first message (`EMAIL`, `SMS`): the reminder goes on these only. */
  @Column({ type: 'varchar', length: 5, array: true })
  channels: NotificationChannel[];

  /** When it is due; moved to the end of the vendor's quiet hours when it falls in them. */
  @Column({ type: 'timestamptz' })
  dueAt: Date;

  @Column({ type: 'enum', enum: ReminderOutcome, enumName: 'reminder_outcome', nullable: true })
  outcome: ReminderOutcome | null;

  @Column({ type: 'timestamptz', nullable: true })
  settledAt: Date | null;
}
