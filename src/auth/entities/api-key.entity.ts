import { Check, Column, CreateDateColumn, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { Manager } from './manager.entity';

/**
 * One API key of a vendor or a manager (docs/contract.md#authentication). The secret is never stored:
 * the key's id is the token's `jti`, and `secretHash` the SHA-256 of the token's text.
 */
@Entity('api_keys')
@Check('ck_api_keys_one_account', '(vendor_id IS NULL) <> (manager_id IS NULL)')
@Index('idx_api_keys_vendor', ['vendorId', 'createdAt'])
@Index('idx_api_keys_manager', ['managerId', 'createdAt'])
export class ApiKey {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_api_keys' })
  id: string;

  /** The owner, a vendor (the vendor's foreign key: auth reads no vendor row) or a manager. */
  @Column({ type: 'integer', nullable: true })
  @ForeignKey('Vendor', { name: 'FK_api_keys_vendor', onDelete: 'CASCADE' })
  vendorId: number | null;

  @Column({ type: 'integer', nullable: true })
  @ForeignKey(() => Manager, { name: 'FK_api_keys_manager', onDelete: 'CASCADE' })
  managerId: number | null;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'varchar', length: 20, array: true })
  scopes: string[];

  /** SHA-256 of the token; null for the tokens issued before keys existed, trusted on their signature. */
  @Column({ type: 'bytea', nullable: true })
  secretHash: Buffer | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  /** `manager:<id>`, `vendor:<id>` or `cli`. */
  @Column({ type: 'varchar', length: 40 })
  createdBy: string;

  @Column({ type: 'timestamptz', nullable: true })
  expiresAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  revokedAt: Date | null;

  /** The key that replaced this one when it was rolled. */
  @Column({ type: 'uuid', nullable: true })
  rolledInto: string | null;

  /** To the minute, written at most once a minute. */
  @Column({ type: 'timestamptz', nullable: true })
  lastUsedAt: Date | null;
}
