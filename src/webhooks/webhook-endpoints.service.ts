import { Transactional } from '@nestjs-cls/transactional';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Clock } from '../common/time/clock';
import { DomainError } from '../common/errors/domain-error';
import { Page, PageRequest } from '../common/pagination/page';
import { ForbiddenTarget, WebhookTargets } from './delivery/webhook-targets';
import { newWebhookSecret } from './delivery/webhook-signature';
import type { WebhookDelivery } from './entities/webhook-delivery.entity';
import type { WebhookEndpoint } from './entities/webhook-endpoint.entity';
import type { WebhookAccount } from './webhook-account';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { WebhookEndpointChanges, WebhookEndpointsRepository } from './webhook-endpoints.repository';
import { WebhookOutboxSignal } from './webhook-outbox-signal';
import { WebhookSecrets } from './webhook-secrets';

export const MAX_ENDPOINTS_PER_ACCOUNT = 10;
/** How long the secret before a rotation still signs, so receivers can switch without losing events. */
export const PREVIOUS_SECRET_VALID_MS = 24 * 3600_000;

/** An endpoint with its signing secret in the clear: the create and rotate answers show it, once. */
export interface IssuedSecret {
  endpoint: WebhookEndpoint;
  secret: string;
}

export interface WebhookEndpointInput {
  url: string;
  events: string[];
  description?: string | null;
  enabled?: boolean;
}

@Injectable()
export class WebhookEndpointsService {
  constructor(
    private readonly endpoints: WebhookEndpointsRepository,
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly targets: WebhookTargets,
    private readonly signal: WebhookOutboxSignal,
    private readonly secrets: WebhookSecrets,
    private readonly clock: Clock,
  ) {}

  list(account: WebhookAccount): Promise<WebhookEndpoint[]> {
    return this.endpoints.list(account);
  }

  async get(account: WebhookAccount, id: number): Promise<WebhookEndpoint> {
    const endpoint = await this.endpoints.findOne(account, id);
    // Another account's endpoint is as unknown as one that does not exist.
    if (!endpoint) throw DomainError.notFound('Webhook endpoint', id);
    return endpoint;
  }

  @Transactional()
  async create(account: WebhookAccount, input: Required<Omit<WebhookEndpointInput, 'enabled'>>): Promise<IssuedSecret> {
    const url = await this.checkTarget(input.url);
    if ((await this.endpoints.countLocked(account)) >= MAX_ENDPOINTS_PER_ACCOUNT) {
      throw DomainError.invalid(`An account may have at most ${MAX_ENDPOINTS_PER_ACCOUNT} webhook endpoints.`);
    }
    const secret = newWebhookSecret();
    const endpoint = await this.endpoints.insert(account, { ...input, url, secret: this.secrets.seal(secret) });
    return { endpoint, secret };
  }

  @Transactional()
  async update(account: WebhookAccount, id: number, input: Partial<WebhookEndpointInput>): Promise<WebhookEndpoint> {
    const endpoint = await this.get(account, id);
    const changes: WebhookEndpointChanges = { ...input };
    if (input.url !== undefined) changes.url = await this.checkTarget(input.url);
    // Re-enabling starts a new run of failures.
    if (input.enabled) Object.assign(changes, { disabledReason: null, consecutiveFailures: 0 });
    return this.endpoints.update(endpoint, changes);
  }

  @Transactional()
  async remove(account: WebhookAccount, id: number): Promise<void> {
    await this.endpoints.remove(await this.get(account, id));
  }

  /** A new secret; the current one keeps signing beside it for 24 hours. */
  @Transactional()
  async rotateSecret(account: WebhookAccount, id: number): Promise<IssuedSecret> {
    const endpoint = await this.get(account, id);
    const secret = newWebhookSecret();
    const rotated = await this.endpoints.update(endpoint, {
      secret: this.secrets.seal(secret),
      previousSecret: endpoint.secret,
      previousSecretExpiresAt: new Date(this.clock.now().getTime() + PREVIOUS_SECRET_VALID_MS),
    });
    return { endpoint: rotated, secret };
  }

  /** Queues a `ping` to this endpoint only (enabled or not: it tests the receiver). Answers the event id. */
  @Transactional()
  async ping(account: WebhookAccount, id: number): Promise<string> {
    const endpoint = await this.get(account, id);
    const eventId = `evt_ping_${randomUUID().replace(/-/g, '')}`;
    const body = JSON.stringify({
      id: eventId,
      type: 'ping',
      timestamp: this.clock.now().toISOString(),
      vendorId: account.type === 'vendor' ? account.id : null,
      data: { endpointId: endpoint.id },
    });
    await this.deliveries.insertOne(endpoint.id, { id: eventId, type: 'ping', body });
    this.signal.queued();
    return eventId;
  }

  async deliveriesOf(account: WebhookAccount, id: number, page: PageRequest): Promise<Page<WebhookDelivery>> {
    return this.deliveries.list((await this.get(account, id)).id, page);
  }

  @Transactional()
  async retry(account: WebhookAccount, id: number, deliveryId: string): Promise<void> {
    const endpoint = await this.get(account, id);
    const delivery = await this.deliveries.findOne(endpoint.id, deliveryId);
    if (!delivery) throw DomainError.notFound('Webhook delivery', deliveryId);
    await this.deliveries.retry(delivery);
    this.signal.queued();
  }

  /** The url as it is stored (normalised), when it is an acceptable target; else a 400 naming why. */
  private async checkTarget(url: string): Promise<string> {
    try {
      return await this.targets.check(url);
    } catch (error) {
      if (error instanceof ForbiddenTarget)
        throw DomainError.invalid(error.message, [{ field: 'url', message: error.message }]);
      throw error;
    }
  }
}
