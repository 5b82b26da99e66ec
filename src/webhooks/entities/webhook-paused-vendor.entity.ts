import { CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Vendor } from '../../vendors/entities/vendor.entity';

/**
 * A deactivated vendor, as vendors told this module (the `VendorActivationListeners` port): its
 * endpoints' deliveries are held, neither sent nor counted as failures, until it is reactivated.
 */
@Entity('webhook_paused_vendors')
export class WebhookPausedVendor {
  @PrimaryColumn({ type: 'integer' })
  vendorId: number;

  @ManyToOne(() => Vendor, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'vendor_id', foreignKeyConstraintName: 'fk_webhook_paused_vendors_vendor' })
  vendor?: Vendor;

  @CreateDateColumn({ type: 'timestamptz' })
  pausedAt: Date;
}
