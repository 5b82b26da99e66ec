import type { TokenType } from '../principal';

/** The areas a key's scopes name: each one read, or write (which includes read). */
export const SCOPE_AREAS = {
  leads: 'leads and their assignment',
  reputation: 'reputation processes, review and feedback requests, and messages to customers',
  webhooks: 'webhook endpoints and the event feed',
  profile: "the account's profile, images, documents and settings",
  accounts: 'vendor accounts, their keys and features, customer data and the audit log (manager keys only)',
} as const;
export type ScopeArea = keyof typeof SCOPE_AREAS;

/** `*` grants every operation, key management included; a restricted key holds some of the others. */
export type ApiScope = '*' | `${ScopeArea}:${'read' | 'write'}`;

const AREAS = Object.keys(SCOPE_AREAS) as ScopeArea[];
const VENDOR_AREAS = AREAS.filter((area) => area !== 'accounts');

const scopesOf = (areas: readonly ScopeArea[]): ApiScope[] => [
  '*',
  ...areas.flatMap((area): ApiScope[] => [`${area}:read`, `${area}:write`]),
];

/** The scopes a key of each kind of account may hold. */
export const SCOPES_OF: Record<TokenType, readonly ApiScope[]> = {
  vendor: scopesOf(VENDOR_AREAS),
  manager: scopesOf(AREAS),
};
export const ALL_SCOPES: readonly ApiScope[] = SCOPES_OF.manager;

/** Whether the held scopes admit an operation that needs `needed`: `*` admits all, `<area>:write` its read too. */
export function grants(held: readonly string[], needed: ApiScope): boolean {
  if (held.includes('*') || held.includes(needed)) return true;
  return needed.endsWith(':read') && held.includes(needed.replace(/:read$/, ':write'));
}
