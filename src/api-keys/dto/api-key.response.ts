import { ApiProperty } from '@nestjs/swagger';
import { ALL_SCOPES } from '../../auth/decorators/scopes';
import type { ApiKeyRow } from '../../auth/api-keys.sql';
import type { IssuedKey } from '../../auth/api-keys.service';

const API_KEY_STATUSES = ['active', 'expiring', 'expired', 'revoked'] as const;
type ApiKeyStatus = (typeof API_KEY_STATUSES)[number];

export class ApiKeyResponse {
  /** The key's id, also its token's `jti`. @example "0b9cbb5e-9a59-4bb4-a3a4-5f6c4a3c2d10" */
  @ApiProperty({ format: 'uuid' })
  id: string;

  /** @example "CRM sync" */
  name: string;

  @ApiProperty({ type: [String], enum: ALL_SCOPES, example: ['leads:read', 'webhooks:write'] })
  scopes: string[];

  /**
   * `active`; `expiring` when it has an end still to come (a rolled key's old secret, or a key made to
   * expire); `expired`; `revoked`.
   */
  @ApiProperty({ enum: API_KEY_STATUSES, enumName: 'ApiKeyStatus' })
  status: ApiKeyStatus;

  /** @example "2026-12-01T14:03:00.000Z" */
  createdAt: Date;

  /** Who created it: `manager:<id>`, `vendor:<id>` or `cli`. @example "manager:1" */
  createdBy: string;

  /** When it stops (or stopped) working; null: until revoked. @example null */
  expiresAt: Date | null;

  /** @example null */
  revokedAt: Date | null;

  /** The key that replaced it when it was rolled. @example null */
  @ApiProperty({ format: 'uuid', nullable: true, type: String })
  rolledInto: string | null;

  /** Its last use, to the minute. @example "2026-12-01T14:05:00.000Z" */
  lastUsedAt: Date | null;

  static from(key: ApiKeyRow, now: Date): ApiKeyResponse {
    const { id, name, scopes, createdAt, createdBy, expiresAt, revokedAt, rolledInto, lastUsedAt } = key;
    const status: ApiKeyStatus = revokedAt
      ? 'revoked'
      : expiresAt && expiresAt <= now
        ? 'expired'
        : expiresAt
          ? 'expiring'
          : 'active';
    return { id, name, scopes, status, createdAt, createdBy, expiresAt, revokedAt, rolledInto, lastUsedAt };
  }
}

/** A key as created or rolled: the only answer that shows its secret. */
export class ApiKeyWithSecretResponse extends ApiKeyResponse {
  /** The bearer token: shown this once, never stored (only its hash). @example "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ0eXAiOiJ2ZW5kb3IifQ.c2lnbmF0dXJl" */
  token: string;

  static issued({ key, token }: IssuedKey, now: Date): ApiKeyWithSecretResponse {
    return { ...ApiKeyResponse.from(key, now), token };
  }
}

/** A roll's answer: the new key with its secret, and the old one with the time its secret stops working. */
export class RolledApiKeyResponse extends ApiKeyWithSecretResponse {
  previous: ApiKeyResponse;
}
