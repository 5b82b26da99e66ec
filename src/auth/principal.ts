import type { Request } from 'express';
import type { Manager } from './entities/manager.entity';
import type { VendorAccount } from './vendor-account';

export type TokenType = 'vendor' | 'manager';

export type Principal = { type: 'vendor'; vendor: VendorAccount } | { type: 'manager'; manager: Manager };

/** The request as the guards leave it: the authenticated account, resolved once per request. */
export interface AuthenticatedRequest extends Request {
  principal?: Principal;
}
