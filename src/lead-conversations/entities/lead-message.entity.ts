import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Lead } from '../../leads/entities/lead.entity';
import { Vendor } from '../../vendors/entities/vendor.entity';

export const LEAD_MESSAGE_DIRECTIONS = ['outbound', 'inbound'] as const;
export type LeadMessageDirection = (typeof LEAD_MESSAGE_DIRECTIONS)[number];

export const LEAD_MESSAGE_CHANNELS = ['sms', 'email'] as const;
export type LeadMessageChannel = (typeof LEAD_MESSAGE_CHANNELS)[number];

/**
 * One message of a lead's conversation (docs/contract.md#lead-conversations): what the vendor wrote (delivered through the
 * outbox, whose row, purpose `LEAD_MESSAGE`, has this id as its subject), or a text the customer sent back.
 */
@Entity('lead_messages')
// The conversation, oldest first, read by cursor.
@Index('idx_lead_messages_lead', ['leadId', 'id'])
// The customer's last text: whether the vendor's answer may leave during quiet hours.
@Index('idx_lead_messages_lead_inbound', ['leadId', 'id'], { where: `"direction" = 'inbound'` })
@Index('uq_lead_messages_unsubscribe_token', ['unsubscribeToken'], {
  unique: true,
  where: '"unsubscribe_token" IS NOT NULL',
})
export class LeadMessage {
  @PrimaryGeneratedColumn('identity', {
    type: 'bigint',
    generatedIdentity: 'BY DEFAULT',
    primaryKeyConstraintName: 'pk_lead_messages',
  })
  id: number;

  @Column({ type: 'integer' })
  vendorId: number;

  @ManyToOne(() => Vendor, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'vendor_id', foreignKeyConstraintName: 'fk_lead_messages_vendor' })
  vendor?: Vendor;

  @Column({ type: 'bigint' })
  leadId: number;

  @ManyToOne(() => Lead, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'lead_id', foreignKeyConstraintName: 'fk_lead_messages_lead' })
  lead?: Lead;

  @Column({ type: 'enum', enum: LEAD_MESSAGE_DIRECTIONS, enumName: 'lead_message_direction' })
  direction: LeadMessageDirection;

  @Column({ type: 'enum', enum: LEAD_MESSAGE_CHANNELS, enumName: 'lead_message_channel' })
  channel: LeadMessageChannel;

  /** What the vendor wrote, or the customer's text, as given (`[erased]` once erased or past retention). */
  @Column({ type: 'text' })
  body: string;

  /** When the vendor wrote it, or the text was received (the service's clock). */
  @Column({ type: 'timestamptz' })
  at: Date;

  /** A message held by the vendor's quiet hours: when it leaves; null when it left at once. */
  @Column({ type: 'timestamptz', nullable: true })
  sendAfter: Date | null;

  /**
   * The token of the message's page: an e-mail's unsubscribe link (`/l/{token}/unsubscribe`), a text's
   * identification link (`/l/{token}`); null for a customer's text and for messages sent before texts had one.
   */
  @Column({ type: 'varchar', length: 24, nullable: true })
  unsubscribeToken: string | null;
}
