import { Transactional } from '@nestjs-cls/transactional';
import { Injectable } from '@nestjs/common';
import { ApiKeysService, type IssuedKey } from '../auth/api-keys.service';
import type { ApiKeyRow } from '../auth/api-keys.sql';
import type { ApiScope } from '../auth/decorators/scopes';
import type { KeyOwner } from '../auth/principal';
import type { AuditRecord } from '../audit/audit-record';
import { AuditService } from '../audit/audit.service';
import { VendorsService } from '../vendors/vendors.service';

/** Who changes a key: the audit entry's actor. */
export type KeyActor = AuditRecord['actor'];

export interface KeyRequest {
  name: string;
  scopes: ApiScope[];
  expiresAt: Date | null;
}

/**
 * Creating, rolling and revoking API keys, each in one transaction with its audit entry (who, which key,
 * which scopes; never the secret), whoever asks: a manager, a vendor for its own keys, or the CLI.
 */
@Injectable()
export class ApiKeyChanges {
  constructor(
    private readonly keys: ApiKeysService,
    private readonly audit: AuditService,
    private readonly vendors: VendorsService,
  ) {}

  /** The owner's keys; a vendor that does not exist is a 404. */
  async list(owner: KeyOwner): Promise<ApiKeyRow[]> {
    if (owner.type === 'vendor') await this.vendors.get(owner.id);
    return this.keys.list(owner);
  }

  @Transactional()
  async create(owner: KeyOwner, request: KeyRequest, actor: KeyActor): Promise<IssuedKey> {
    const issued = await this.keys.create(owner, { ...request, createdBy: createdByOf(actor) });
    await this.record('create', owner, issued.key, actor);
    return issued;
  }

  @Transactional()
  async roll(
    owner: KeyOwner,
    id: string,
    oldExpiresAt: Date | undefined,
    actor: KeyActor,
  ): Promise<{ issued: IssuedKey; previous: ApiKeyRow }> {
    const rolled = await this.keys.roll(owner, id, oldExpiresAt, createdByOf(actor));
    await this.record('roll', owner, rolled.previous, actor);
    await this.record('create', owner, rolled.issued.key, actor);
    return rolled;
  }

  @Transactional()
  async revoke(owner: KeyOwner, id: string, actor: KeyActor): Promise<ApiKeyRow> {
    const revoked = await this.keys.revoke(owner, id);
    await this.record('revoke', owner, revoked, actor);
    return revoked;
  }

  /** The entry's fields name the key's scopes (`scope:leads:read`), never a value such as its secret. */
  private record(action: string, owner: KeyOwner, key: ApiKeyRow, actor: KeyActor): Promise<void> {
    return this.audit.record({
      actor,
      action: `api-key ${action}`,
      target: { type: 'api-key', id: key.id },
      vendorId: owner.type === 'vendor' ? owner.id : null,
      requestId: null,
      fields: key.scopes.map((scope) => `scope:${scope}`),
    });
  }
}

const createdByOf = (actor: KeyActor): string => (actor.id === null ? actor.type : `${actor.type}:${actor.id}`);
