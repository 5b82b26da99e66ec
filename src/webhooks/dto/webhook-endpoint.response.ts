import { ApiInteger } from '../../common/openapi/api-integer.decorator';
import { INT32_ID } from '../../common/validation/canonical-int.decorator';
import { ApiProperty } from '@nestjs/swagger';
import { EVENT_TYPES } from '../../events/event-types';
import type { WebhookEndpoint } from '../entities/webhook-endpoint.entity';
import type { IssuedSecret } from '../webhook-endpoints.service';

export class WebhookEndpointResponse {
  /** @example 3 */
  @ApiInteger(INT32_ID)
  id: number;

  /** @example "https://crm.example.com/hooks/leads" */
  url: string;

  @ApiProperty({ type: [String], enum: [...EVENT_TYPES, '*'], example: ['lead.assigned'] })
  events: string[];

  /** @example "Our CRM" */
  description: string | null;

  /** False after WEBHOOK_DISABLE_AFTER_FAILURES failed attempts in a row, until PATCHed back to true. */
  enabled: boolean;

  /** Why the endpoint was disabled. @example "Disabled after 100 failed deliveries in a row." */
  disabledReason: string | null;

  /** @example "2026-11-21T20:01:02.123Z" */
  createdAt: Date;

  static from(endpoint: WebhookEndpoint): WebhookEndpointResponse {
    const { id, url, events, description, enabled, disabledReason, createdAt } = endpoint;
    return { id, url, events, description, enabled, disabledReason, createdAt };
  }
}

/** The create and rotate answers: the only ones that show the secret. */
export class WebhookEndpointWithSecretResponse extends WebhookEndpointResponse {
  /** Signing secret (Standard Webhooks). @example "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" */
  secret: string;

  static issued({ endpoint, secret }: IssuedSecret): WebhookEndpointWithSecretResponse {
    return { ...WebhookEndpointResponse.from(endpoint), secret };
  }
}
