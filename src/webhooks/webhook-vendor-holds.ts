import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { Sql } from '../database/sql';
import { type VendorActivationListener, VendorActivationListeners } from '../vendors/vendor-activation';
import { WebhookPausedVendor } from './entities/webhook-paused-vendor.entity';
import { WebhookOutboxSignal } from './webhook-outbox-signal';
import { WEBHOOK_SQL } from './webhooks.sql';

/**
 * Holds a deactivated vendor's webhook deliveries (its API answers 403, so its endpoints hear
 * nothing either): they stay PENDING, queued as events happen, and go out once it is reactivated.
 * Managers' endpoints, which hear every vendor, are not held.
 */
@Injectable()
export class WebhookVendorHolds implements VendorActivationListener, OnModuleInit {
  constructor(
    private readonly activation: VendorActivationListeners,
    private readonly signal: WebhookOutboxSignal,
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly sql: Sql,
  ) {}

  onModuleInit(): void {
    this.activation.register(this);
  }

  async activationChanged(vendorId: number, activated: boolean): Promise<void> {
    if (!activated) {
      await this.sql.run(WEBHOOK_SQL.pauseVendor.bind({ vendorId }));
      return;
    }
    const released = await this.txHost.tx.delete(WebhookPausedVendor, { vendorId });
    // The held deliveries are due already: wake this instance's worker once the change commits.
    if (released.affected) this.signal.queued();
  }
}
