import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { MANAGER_BEARER, VENDOR_BEARER } from '../auth/decorators/access.decorators';
import { ErrorEnvelopeDto } from '../common/envelope/envelope';
import { webhooksDescription } from '../webhooks/event-examples';

const IDEMPOTENCY_KEY_PARAMETER = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Makes a retried write safe: the first request with a key runs, a repeat with the same key, method, ' +
    'path, query and body gets the same answer back (header Idempotent-Replayed: true) without running ' +
    'again; the same key for another request is a 422, while the first still runs a 409. Kept 24 hours, ' +
    'per account; 5xx answers are not kept.',
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7E]+$' },
} as const;

/** Every write of both APIs takes an Idempotency-Key (CONTRACT 9). */
function declareIdempotencyKey(document: OpenAPIObject): void {
  for (const [path, item] of Object.entries(document.paths)) {
    if (!/^\/rest-(manager-)?api-v1\//.test(path)) continue;
    for (const method of ['post', 'put', 'patch', 'delete'] as const) {
      const operation = item[method];
      if (operation) operation.parameters = [...(operation.parameters ?? []), IDEMPOTENCY_KEY_PARAMETER];
    }
  }
}

/**
 * The OpenAPI document the service serves at /docs-json. It needs only the module graph, not running
 * providers, so `npm run openapi:write` builds it from an app created in preview mode.
 */
export function buildApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Vendor Leads, Reputation and Manager API')
    .setDescription(
      'Vendor API under /rest-api-v1 (vendor tokens) and manager API under /rest-manager-api-v1 (ADMIN manager tokens). ' +
        'Every response is the envelope `{ success, data | message | error }`.',
    )
    .setVersion('1.0.0')
    .addTag('Webhooks', webhooksDescription())
    .addTag('Manager: webhooks', "The same routes as the vendor API's; a manager's endpoint hears every vendor.")
    .addBearerAuth(
      { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Vendor API token' },
      VENDOR_BEARER,
    )
    .addBearerAuth(
      { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Manager API token (ADMIN)' },
      MANAGER_BEARER,
    )
    .build();
  const document = SwaggerModule.createDocument(app, config, { extraModels: [ErrorEnvelopeDto] });
  declareIdempotencyKey(document);
  return document;
}
