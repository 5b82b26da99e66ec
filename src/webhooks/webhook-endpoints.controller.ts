import { Body, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post, Query } from '@nestjs/common';
import { ManagerApiController, RequiresScope, VendorApiController } from '../auth/decorators/access.decorators';
import { ApiEnvelope } from '../common/envelope/api-envelope.decorator';
import { WithMessage } from '../common/envelope/envelope';
import { ApiErrors } from '../common/envelope/api-errors.decorator';
import { Page } from '../common/pagination/page';
import { PageQuery } from '../common/pagination/page.query';
import { CurrentAccount } from './decorators/current-account.decorator';
import { WebhookDeliveryResponse } from './dto/webhook-delivery.response';
import { CreateWebhookEndpointDto, UpdateWebhookEndpointDto } from './dto/webhook-endpoint.dto';
import { WebhookDeliveryIdParams, WebhookEndpointIdParams } from './dto/webhook-endpoint.params';
import { WebhookEndpointResponse, WebhookEndpointWithSecretResponse } from './dto/webhook-endpoint.response';
import type { WebhookAccount } from './webhook-account';
import { WebhookEndpointsService } from './webhook-endpoints.service';
import { IssuesCredential } from '../common/http/issues-credential.decorator';
import { ManagerWrite } from '../write-routes/write-routes';

const endpointNotFound = ApiErrors({
  status: 404,
  description: 'No such endpoint for this account.',
  example: 'Webhook endpoint 3 was not found.',
});

/**
 * The endpoint routes of docs/contract.md#events-webhooks, the same on both APIs: each account manages its own endpoints.
 * A vendor's endpoint hears that vendor's events; a manager's hears every vendor's. The writes are
 * `@ManagerWrite`s, audited for the manager API; the audit interceptor lets a vendor's write pass.
 */
@ApiErrors(400)
abstract class WebhookEndpointsRoutes {
  constructor(private readonly endpoints: WebhookEndpointsService) {}

  /**
   * Registers an endpoint (at most 10 per account: an 11th is a 400); the answer is the only one besides
   * rotate-secret that shows its secret.
   */
  @Post()
  @ManagerWrite({ type: 'webhook-endpoint', id: 'answer' })
  @IssuesCredential()
  @ApiEnvelope(WebhookEndpointWithSecretResponse, { status: 201 })
  @RequiresScope('webhooks:write')
  async createWebhookEndpoint(
    @CurrentAccount() account: WebhookAccount,
    @Body() body: CreateWebhookEndpointDto,
  ): Promise<WebhookEndpointWithSecretResponse> {
    const { url, events, description = null } = body;
    return WebhookEndpointWithSecretResponse.issued(await this.endpoints.create(account, { url, events, description }));
  }

  /** The account's endpoints, oldest first; their secrets are not shown. */
  @Get()
  @ApiEnvelope(WebhookEndpointResponse, { isArray: true })
  @RequiresScope('webhooks:read')
  async listWebhookEndpoints(@CurrentAccount() account: WebhookAccount): Promise<WebhookEndpointResponse[]> {
    return (await this.endpoints.list(account)).map((endpoint) => WebhookEndpointResponse.from(endpoint));
  }

  /** One endpoint of the account, with whether it is enabled and why it was disabled; its secret is not shown. */
  @Get(':id')
  @ApiEnvelope(WebhookEndpointResponse)
  @endpointNotFound
  @RequiresScope('webhooks:read')
  async getWebhookEndpoint(
    @CurrentAccount() account: WebhookAccount,
    @Param() { id }: WebhookEndpointIdParams,
  ): Promise<WebhookEndpointResponse> {
    return WebhookEndpointResponse.from(await this.endpoints.get(account, id));
  }

  /** Changes the url, events or description; `enabled: true` re-enables a disabled endpoint. */
  @Patch(':id')
  @ManagerWrite({ type: 'webhook-endpoint', id: ':id' })
  @ApiEnvelope(WebhookEndpointResponse)
  @endpointNotFound
  @RequiresScope('webhooks:write')
  async updateWebhookEndpoint(
    @CurrentAccount() account: WebhookAccount,
    @Param() { id }: WebhookEndpointIdParams,
    @Body() body: UpdateWebhookEndpointDto,
  ): Promise<WebhookEndpointResponse> {
    return WebhookEndpointResponse.from(await this.endpoints.update(account, id, body));
  }

  /** Removes the endpoint and its delivery history; queued deliveries are not sent. */
  @Delete(':id')
  @ManagerWrite({ type: 'webhook-endpoint', id: ':id' })
  @ApiEnvelope('boolean')
  @endpointNotFound
  @RequiresScope('webhooks:write')
  async deleteWebhookEndpoint(
    @CurrentAccount() account: WebhookAccount,
    @Param() { id }: WebhookEndpointIdParams,
  ): Promise<boolean> {
    await this.endpoints.remove(account, id);
    return true;
  }

  /** A new secret; the previous one also signs (a second `v1,` signature) for 24 hours. */
  @Post(':id/rotate-secret')
  @ManagerWrite({ type: 'webhook-endpoint', id: ':id' })
  @IssuesCredential()
  @HttpCode(HttpStatus.OK)
  @ApiEnvelope(WebhookEndpointWithSecretResponse)
  @endpointNotFound
  @RequiresScope('webhooks:write')
  async rotateWebhookSecret(
    @CurrentAccount() account: WebhookAccount,
    @Param() { id }: WebhookEndpointIdParams,
  ): Promise<WebhookEndpointWithSecretResponse> {
    return WebhookEndpointWithSecretResponse.issued(await this.endpoints.rotateSecret(account, id));
  }

  /** Queues a signed `ping` event to this endpoint; its delivery shows in the deliveries list. */
  @Post(':id/test')
  @ManagerWrite({ type: 'webhook-endpoint', id: ':id' })
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiEnvelope(null, { status: 202 })
  @endpointNotFound
  @RequiresScope('webhooks:write')
  async sendTestWebhook(
    @CurrentAccount() account: WebhookAccount,
    @Param() { id }: WebhookEndpointIdParams,
  ): Promise<WithMessage> {
    const eventId = await this.endpoints.ping(account, id);
    return new WithMessage(`A ping event (${eventId}) was queued for this endpoint.`);
  }

  /** The endpoint's deliveries, newest first. */
  @Get(':id/deliveries')
  @ApiEnvelope(WebhookDeliveryResponse, { page: 'lead' })
  @endpointNotFound
  @RequiresScope('webhooks:read')
  async listWebhookDeliveries(
    @CurrentAccount() account: WebhookAccount,
    @Param() { id }: WebhookEndpointIdParams,
    @Query() { page, size }: PageQuery,
  ): Promise<Page<WebhookDeliveryResponse>> {
    const result = await this.endpoints.deliveriesOf(account, id, { page, size });
    return { ...result, content: result.content.map((delivery) => WebhookDeliveryResponse.from(delivery)) };
  }

  /** Sends a delivery again, from a fresh run of attempts (the same `webhook-id` and body). */
  @Post(':id/deliveries/:deliveryId/retry')
  @ManagerWrite({ type: 'webhook-delivery', id: ':deliveryId' })
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiEnvelope(null, { status: 202 })
  @endpointNotFound
  @RequiresScope('webhooks:write')
  async retryWebhookDelivery(
    @CurrentAccount() account: WebhookAccount,
    @Param() { id, deliveryId }: WebhookDeliveryIdParams,
  ): Promise<WithMessage> {
    await this.endpoints.retry(account, id, String(deliveryId));
    return new WithMessage(`Delivery ${deliveryId} was queued to be sent again.`);
  }
}

@VendorApiController('webhook-endpoints', 'Webhooks')
export class VendorWebhookEndpointsController extends WebhookEndpointsRoutes {}

@ManagerApiController('webhook-endpoints', 'Manager: webhooks')
export class ManagerWebhookEndpointsController extends WebhookEndpointsRoutes {}
