import { Injectable } from '@nestjs/common';

/** Something above vendors that acts when an account is deactivated or reactivated (webhook deliveries). */
export interface VendorActivationListener {
  /** Called in the transaction that stores the vendor's `activated`, each time it is written. */
  activationChanged(vendorId: number, activated: boolean): Promise<void>;
}

/**
 * The port through which vendors tells the modules above it that an account was deactivated or
 * reactivated, without importing them: they register here when they start.
 */
@Injectable()
export class VendorActivationListeners {
  private readonly listeners: VendorActivationListener[] = [];

  register(listener: VendorActivationListener): void {
    this.listeners.push(listener);
  }

  async notify(vendorId: number, activated: boolean): Promise<void> {
    for (const listener of this.listeners) await listener.activationChanged(vendorId, activated);
  }
}
