import type { TokenType } from '../auth/principal';

/** Who owns an endpoint: a vendor (hears its own events) or a manager (hears every vendor's). */
export interface WebhookAccount {
  type: TokenType;
  id: number;
}
