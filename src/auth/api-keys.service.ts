import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DomainError, ErrorCode } from '../common/errors/domain-error';
import { isForeignKeyViolation } from '../common/errors/database-errors';
import { Clock } from '../common/time/clock';
import { ApiKeysRepository } from './api-keys.repository';
import type { ApiKeyRow } from './api-keys.sql';
import { type ApiScope, SCOPES_OF } from './decorators/scopes';
import type { KeyOwner } from './principal';
import { TokenService } from './token.service';

const HOUR = 3_600_000;
/** How long a rolled key's old secret keeps working: by default, and at most. */
export const ROLL_OVERLAP = { defaultMs: 24 * HOUR, maxMs: 7 * 24 * HOUR } as const;
/** Live keys an account may hold at once. */
export const MAX_LIVE_KEYS = 20;
/** How long a revoked or expired key still shows in its owner's list. */
const ENDED_KEYS_SHOWN_MS = 7 * 24 * HOUR;

export interface NewKey {
  name: string;
  scopes: ApiScope[];
  expiresAt: Date | null;
  /** `manager:<id>`, `vendor:<id>` or `cli`. */
  createdBy: string;
}

/** A key as created: its secret (the token) is shown this once and never stored. */
export interface IssuedKey {
  key: ApiKeyRow;
  token: string;
}

/**
 * The API keys of vendors and managers (docs/contract.md#authentication). Writes join the caller's
 * transaction, which also writes their audit entries.
 */
@Injectable()
export class ApiKeysService {
  constructor(
    private readonly keys: ApiKeysRepository,
    private readonly tokens: TokenService,
    private readonly clock: Clock,
  ) {}

  list(owner: KeyOwner): Promise<ApiKeyRow[]> {
    return this.keys.list(owner, new Date(this.clock.now().getTime() - ENDED_KEYS_SHOWN_MS));
  }

  /** A new key; a vendor that does not exist is a 404 (told by the foreign key). */
  async create(owner: KeyOwner, key: NewKey): Promise<IssuedKey> {
    const now = this.clock.now();
    const foreign = key.scopes.filter((scope) => !SCOPES_OF[owner.type].includes(scope));
    if (foreign.length) {
      throw DomainError.invalid(`A ${owner.type} key cannot hold the scopes ${foreign.join(', ')}.`, [
        { field: 'scopes', message: `Allowed: ${SCOPES_OF[owner.type].join(', ')}.` },
      ]);
    }
    if (key.expiresAt && key.expiresAt <= now) {
      throw DomainError.invalid('expiresAt must be in the future.', [
        { field: 'expiresAt', message: 'Must be in the future.' },
      ]);
    }
    if ((await this.keys.countLive(owner, now)) >= MAX_LIVE_KEYS) {
      throw new DomainError(
        ErrorCode.Conflict,
        `The account already holds ${MAX_LIVE_KEYS} live API keys; revoke one before creating another.`,
      );
    }
    return this.insert(owner, key, now);
  }

  /**
   * A new secret for the key: a new key with its name, scopes and expiry, while the old one keeps working
   * until `oldExpiresAt` (24 hours by default, at most 7 days, never later than it would have).
   */
  async roll(
    owner: KeyOwner,
    id: string,
    oldExpiresAt: Date | undefined,
    createdBy: string,
  ): Promise<{ issued: IssuedKey; previous: ApiKeyRow }> {
    const now = this.clock.now();
    const until = oldExpiresAt ?? new Date(now.getTime() + ROLL_OVERLAP.defaultMs);
    if (until < now || until.getTime() > now.getTime() + ROLL_OVERLAP.maxMs) {
      throw DomainError.invalid('The old secret can be kept from now to at most 7 days from now.', [
        { field: 'oldExpiresAt', message: 'Must be between now and 7 days from now.' },
      ]);
    }
    const old = await this.keys.lockLive(owner, id, now);
    if (!old) throw DomainError.notFound('API key', id);
    if (old.rolledInto) {
      throw new DomainError(
        ErrorCode.Conflict,
        `API key ${id} was already rolled into ${old.rolledInto}; roll that one.`,
      );
    }
    const issued = await this.insert(owner, { ...old, scopes: old.scopes as ApiScope[], createdBy }, now);
    return { issued, previous: await this.keys.rolled(id, issued.key.id, until) };
  }

  /** Revokes a live key of the owner at once; a key it does not hold, or no longer live, is a 404. */
  async revoke(owner: KeyOwner, id: string): Promise<ApiKeyRow> {
    const revoked = await this.keys.revoke(owner, id, this.clock.now());
    if (!revoked) throw DomainError.notFound('API key', id);
    return revoked;
  }

  /**
   * The key a token route or command issues, with every scope: it replaces the owner's live keys of the
   * same name, so a client that calls it to rotate its one token keeps doing so; other keys stay.
   */
  async replaceNamed(owner: KeyOwner, name: string, createdBy: string): Promise<string> {
    const now = this.clock.now();
    await this.keys.revokeNamed(owner, name, now);
    return (await this.insert(owner, { name, scopes: ['*'], expiresAt: null, createdBy }, now)).token;
  }

  private async insert(owner: KeyOwner, key: NewKey, now: Date): Promise<IssuedKey> {
    const id = randomUUID();
    const { token, hash } = this.tokens.sign(owner.type, owner.id, id, key.expiresAt);
    try {
      const row = await this.keys.insert(
        owner,
        {
          id,
          name: key.name,
          scopes: key.scopes,
          secretHash: hash,
          createdBy: key.createdBy,
          expiresAt: key.expiresAt,
        },
        now,
      );
      return { key: row, token };
    } catch (error) {
      if (isForeignKeyViolation(error))
        throw DomainError.notFound(owner.type === 'vendor' ? 'Vendor' : 'Manager', owner.id);
      throw error;
    }
  }
}
