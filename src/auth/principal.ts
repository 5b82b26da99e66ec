import type { Request } from 'express';
import type { Manager } from './entities/manager.entity';
import type { VendorAccount } from './vendor-account';

export type TokenType = 'vendor' | 'manager';

/** The key a request came with: its id and what it may do. */
export interface RequestKey {
  id: string;
  scopes: string[];
}

export type Principal = { key: RequestKey } & (
  { type: 'vendor'; vendor: VendorAccount } | { type: 'manager'; manager: Manager }
);

/** The request as the guards leave it: the authenticated account, resolved once per request. */
export interface AuthenticatedRequest extends Request {
  principal?: Principal;
}

/** The account a key belongs to. */
export interface KeyOwner {
  type: TokenType;
  id: number;
}
