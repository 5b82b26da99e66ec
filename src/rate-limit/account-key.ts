import type { TokenType } from '../auth/principal';

/**
 * `vendor:<id>` / `manager:<id>`: one key per account, however many tokens it has been issued; the rate
 * limit's budget and the write slots are both kept under it.
 */
export const accountKey = (type: TokenType, accountId: number): string => `${type}:${accountId}`;
