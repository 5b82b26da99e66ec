import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { Sql } from '../database/sql';
import type { NamedSql } from '../database/named-sql';
import { API_KEY_SQL, type ApiKeyRow, type KeyOnRequest, type KeyWithAccountRow } from './api-keys.sql';
import { ApiKey } from './entities/api-key.entity';
import type { KeyOwner } from './principal';

/** The owner's columns: one of the two is null. */
const ownerColumns = (owner: KeyOwner) => ({
  vendorId: owner.type === 'vendor' ? owner.id : null,
  managerId: owner.type === 'manager' ? owner.id : null,
});

export type NewApiKey = Pick<ApiKey, 'id' | 'name' | 'scopes' | 'secretHash' | 'createdBy' | 'expiresAt'>;

/** The API keys of vendors and managers; writes join the caller's transaction (with its audit entry). */
@Injectable()
export class ApiKeysRepository {
  constructor(
    private readonly sql: Sql,
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
  ) {}

  /**
   * A request's key :keyId and the account :accountId in one statement (`keyWithAccountSql`): null when
   * there is no such key; its account null when there is no such account.
   */
  async onRequest<Account extends { id: number }>(
    statement: NamedSql<KeyWithAccountRow<Account>>,
    keyId: string,
    accountId: number,
  ): Promise<{ key: KeyOnRequest; account: Account | null } | null> {
    const [row] = await this.sql.rows(statement.bind({ keyId, accountId }));
    if (!row) return null;
    const { vendorId, managerId, scopes, secretHash, expiresAt, revokedAt, rolledInto, lastUsedAt, ...account } = row;
    return {
      key: { id: keyId, vendorId, managerId, scopes, secretHash, expiresAt, revokedAt, rolledInto, lastUsedAt },
      // The sub-select's columns: the account's, or all null when there is none.
      account: account.id === null ? null : (account as unknown as Account),
    };
  }

  async touch(id: string, minute: Date): Promise<void> {
    await this.sql.run(API_KEY_SQL.touch.bind({ id, minute }));
  }

  list(owner: KeyOwner, since: Date): Promise<ApiKeyRow[]> {
    return this.sql.rows(API_KEY_SQL.list.bind({ ...ownerColumns(owner), since }));
  }

  async countLive(owner: KeyOwner, now: Date): Promise<number> {
    const [{ count }] = await this.sql.rows(API_KEY_SQL.countLive.bind({ ...ownerColumns(owner), now }));
    return count;
  }

  async insert(owner: KeyOwner, key: NewApiKey, createdAt: Date): Promise<ApiKeyRow> {
    const { secretHash, ...shown } = key;
    const row = { ...shown, ...ownerColumns(owner), createdAt, revokedAt: null, rolledInto: null, lastUsedAt: null };
    await this.txHost.tx.getRepository(ApiKey).insert({ ...row, secretHash });
    return row;
  }

  async lockLive(owner: KeyOwner, id: string, now: Date): Promise<ApiKeyRow | null> {
    const [key] = await this.sql.rows(API_KEY_SQL.lockLive.bind({ id, ...ownerColumns(owner), now }));
    return key ?? null;
  }

  async rolled(id: string, successor: string, expiresAt: Date): Promise<ApiKeyRow> {
    const [key] = await this.sql.rows(API_KEY_SQL.rolled.bind({ id, successor, expiresAt }));
    return key;
  }

  async revoke(owner: KeyOwner, id: string, now: Date): Promise<ApiKeyRow | null> {
    const [key] = await this.sql.rows(API_KEY_SQL.revoke.bind({ id, ...ownerColumns(owner), now }));
    return key ?? null;
  }

  revokeNamed(owner: KeyOwner, name: string, now: Date): Promise<ApiKeyRow[]> {
    return this.sql.rows(API_KEY_SQL.revokeNamed.bind({ ...ownerColumns(owner), name, now }));
  }
}
