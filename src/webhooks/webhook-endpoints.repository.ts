import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { Sql } from '../database/sql';
import type { WebhookAccount } from './webhook-account';
import { WebhookDelivery } from './entities/webhook-delivery.entity';
import { WebhookEndpoint } from './entities/webhook-endpoint.entity';
import { type StoredSecrets, WEBHOOK_SQL } from './webhooks.sql';

export type NewWebhookEndpoint = Pick<WebhookEndpoint, 'url' | 'events' | 'description' | 'secret'>;
export type WebhookEndpointChanges = Partial<
  Pick<
    WebhookEndpoint,
    | 'url'
    | 'events'
    | 'description'
    | 'enabled'
    | 'disabledReason'
    | 'secret'
    | 'previousSecret'
    | 'previousSecretExpiresAt'
    | 'consecutiveFailures'
  >
>;

/** Endpoints, always read and written within one account (but for the secrets' re-encryption). */
@Injectable()
export class WebhookEndpointsRepository {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly sql: Sql,
  ) {}

  list(account: WebhookAccount): Promise<WebhookEndpoint[]> {
    return this.txHost.tx.find(WebhookEndpoint, {
      where: { accountType: account.type, accountId: account.id },
      order: { id: 'ASC' },
    });
  }

  findOne(account: WebhookAccount, id: number): Promise<WebhookEndpoint | null> {
    return this.txHost.tx.findOneBy(WebhookEndpoint, { id, accountType: account.type, accountId: account.id });
  }

  /**
   * Locks the account's endpoints (in the caller's transaction) and counts them, so two concurrent
   * creates cannot both pass the limit.
   */
  async countLocked(account: WebhookAccount): Promise<number> {
    // The advisory lock covers an account with no endpoint yet, which no row lock could.
    await this.sql.run(WEBHOOK_SQL.lockAccount.bind({ account: `webhooks:${account.type}:${account.id}` }));
    return this.txHost.tx.countBy(WebhookEndpoint, { accountType: account.type, accountId: account.id });
  }

  insert(account: WebhookAccount, endpoint: NewWebhookEndpoint): Promise<WebhookEndpoint> {
    return this.txHost.tx.save(
      this.txHost.tx.create(WebhookEndpoint, { ...endpoint, accountType: account.type, accountId: account.id }),
    );
  }

  async update(endpoint: WebhookEndpoint, changes: WebhookEndpointChanges): Promise<WebhookEndpoint> {
    await this.txHost.tx.update(WebhookEndpoint, { id: endpoint.id }, changes);
    return this.txHost.tx.findOneByOrFail(WebhookEndpoint, { id: endpoint.id });
  }

  /** Every endpoint with a secret that does not start with `prefix` (not sealed under the current key). */
  secretsNotStartingWith(prefix: string): Promise<StoredSecrets[]> {
    return this.sql.rows(WEBHOOK_SQL.secretsNotStartingWith.bind({ prefix }));
  }

  /** Replaces the secrets if they are still as read (a rotation meanwhile wins); true when replaced. */
  async replaceSecrets(
    stored: StoredSecrets,
    next: Pick<StoredSecrets, 'secret' | 'previousSecret'>,
  ): Promise<boolean> {
    const { rowCount: affected } = await this.sql.run(
      WEBHOOK_SQL.replaceSecrets.bind({
        id: stored.id,
        secret: next.secret,
        previousSecret: next.previousSecret,
        storedSecret: stored.secret,
        storedPreviousSecret: stored.previousSecret,
      }),
    );
    return affected > 0;
  }

  /**
   * Its deliveries first, then the endpoint: the rows in the order a worker recording an attempt
   * locks them (the delivery, then its endpoint's run of failures), so a removal waits for that
   * attempt instead of deadlocking with it (which the cascade alone, endpoint first, could).
   */
  async remove(endpoint: WebhookEndpoint): Promise<void> {
    await this.txHost.tx.delete(WebhookDelivery, { endpointId: endpoint.id });
    await this.txHost.tx.delete(WebhookEndpoint, { id: endpoint.id });
  }
}
