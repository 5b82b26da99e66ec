import { CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * An erased person's e-mail or phone, kept only as a keyed hash (HMAC-SHA256 with SUPPRESSION_KEY) so
 * that no vendor can message it again (docs/contract.md#data-rights): the contact itself cannot be read back from it.
 */
@Entity('contact_suppressions')
export class ContactSuppression {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  contactHash: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
