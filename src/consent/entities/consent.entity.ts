import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Vendor } from '../../vendors/entities/vendor.entity';
import { CONSENT_KINDS, type ConsentKind } from '../consent-basis';

/**
 * One line of the consent ledger (docs/contract.md#consent): a basis on which a vendor may write to a
 * contact, with its evidence and its end, or a withdrawal that ended the bases it covers.
 */
@Entity('consents')
@Index('idx_consents_contact', ['contact', 'vendorId'])
@Index('idx_consents_ending', ['vendorId', 'endsAt'])
export class Consent {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: number;

  /** Null for a withdrawal from every vendor (a STOP texted, the provider's opt-out, an erasure). */
  @Column({ type: 'integer', nullable: true })
  vendorId: number | null;

  @ManyToOne(() => Vendor, { onDelete: 'CASCADE', nullable: true })
  @JoinColumn({ name: 'vendor_id', foreignKeyConstraintName: 'fk_consents_vendor' })
  vendor?: Vendor;

  /** The e-mail (lower-cased) or phone (`xxx-xxx-xxxx`); null once the person's data is erased. */
  @Column({ type: 'varchar', length: 254, nullable: true })
  contact: string | null;

  /** The contact's keyed hash, kept on a withdrawal when its contact is erased: the proof it was honoured. */
  @Column({ type: 'varchar', length: 128, nullable: true })
  contactHash: string | null;

  @Column({ type: 'enum', enum: CONSENT_KINDS, enumName: 'consent_kind' })
  kind: ConsentKind;

  /** Where it came from: `lead_assigned`, `lead_won`, `stated_on_request`, `unsubscribe_link`, `sms_stop`, `carrier_opt_out`, `erasure`. */
  @Column({ type: 'varchar', length: 40 })
  source: string;

  /** What proves it: the lead, the request and what the vendor stated, the wording and language. */
  @Column({ type: 'jsonb' })
  evidence: Record<string, unknown>;

  @Column({ type: 'timestamptz' })
  startsAt: Date;

  /** When it ends or ended (its term, or a withdrawal); null: until withdrawn. */
  @Column({ type: 'timestamptz', nullable: true })
  endsAt: Date | null;

  /** The withdrawal that ended it, if one did. */
  @Column({ type: 'bigint', nullable: true })
  withdrawalId: number | null;

  @CreateDateColumn({ type: 'timestamptz' })
  recordedAt: Date;
}
