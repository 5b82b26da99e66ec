import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { MANAGER_BEARER, VENDOR_BEARER } from '../auth/decorators/access.decorators';
import { TEXT_RULE } from '../common/validation/text-pattern';
import { finishDocument } from './document-finish';
import { API_TAGS } from './tags';

/**
 * A route's operationId is its handler's name (`listLeads`, `createReviewRequest`); a manager API
 * controller that repeats a vendor API route prefixes it (`managerListEvents`).
 */
const operationIdOf = (controllerKey: string, methodKey: string): string =>
  controllerKey.startsWith('Manager') ? `manager${methodKey.charAt(0).toUpperCase()}${methodKey.slice(1)}` : methodKey;

/**
 * The OpenAPI document the service serves at /docs-json. It needs only the module graph, not running
 * providers, so `npm run openapi:write` builds it from an app created in preview mode.
 */
export function buildApiDocument(app: INestApplication): OpenAPIObject {
  const builder = new DocumentBuilder()
    .setTitle('Vendor Leads, Reputation and Manager API')
    .setDescription(
      'The vendor API under `/rest-api-v1` takes vendor tokens; the manager API under `/rest-manager-api-v1` ' +
        'takes the tokens of ADMIN managers (`npm run cli -- create-admin` prints the first). Send a token as ' +
        '`Authorization: Bearer <token>`. Every answer is an envelope: `{ "success": true, "data": … }` ' +
        '(some with a `message`), or `{ "success": false, "error": "…" }` with the reason. Each account may ' +
        'send 250 requests per 5 minutes, and runs a few writes at a time per instance (`WRITES_IN_FLIGHT_PER_ACCOUNT`, 4 by ' +
        'default): more wait their turn and are answered as usual. Writes take an optional `Idempotency-Key` so ' +
        'a retry is safe. Answers are `Cache-Control: no-store` and may be neither framed nor rendered ' +
        "(`Content-Security-Policy: default-src 'none'; frame-ancestors 'none'`, `X-Frame-Options: DENY`, `nosniff`). " +
        TEXT_RULE,
    )
    .setVersion('1.0.0')
    .setLicense('Proprietary: all rights reserved', 'https://en.wikipedia.org/wiki/Proprietary_software')
    .addServer('/', 'The server that serves this document')
    .addBearerAuth(
      { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Vendor API token' },
      VENDOR_BEARER,
    )
    .addBearerAuth(
      { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Manager API token (ADMIN)' },
      MANAGER_BEARER,
    );
  for (const { name, description } of API_TAGS) builder.addTag(name, description);
  const document = SwaggerModule.createDocument(app, builder.build(), { operationIdFactory: operationIdOf });
  finishDocument(document);
  return document;
}
