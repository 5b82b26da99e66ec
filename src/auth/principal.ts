import type { Request } from 'express';
import type { Vendor } from '../vendors/entities/vendor.entity';
import type { Manager } from './entities/manager.entity';

export type TokenType = 'vendor' | 'manager';

export type Principal = { type: 'vendor'; vendor: Vendor } | { type: 'manager'; manager: Manager };

/** The request as the guards leave it: the authenticated account, resolved once per request. */
export interface AuthenticatedRequest extends Request {
  principal?: Principal;
}
