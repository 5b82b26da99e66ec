import type { NestExpressApplication } from '@nestjs/platform-express';
import helmet from 'helmet';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { webhooksDescription } from './webhooks/event-examples';
import { MANAGER_BEARER, VENDOR_BEARER } from './auth/decorators/access.decorators';
import { ErrorEnvelopeDto } from './common/envelope/envelope';
import { hardenServer, requireHost } from './common/http/http-server';
import { AppConfig, appConfig } from './config/app.config';
import { HttpConfig, httpConfig } from './config/http.config';
import { dropClsPassThroughInterceptor } from './database/transaction-context';
import { bindIdempotencyToWrites } from './idempotency/idempotent-writes';
import { AppLogger, ROOT_LOGGER } from './logging/app-logger';
import { requestLogging } from './logging/request-log';

export const JSON_BODY_LIMIT = '100kb';

/** Everything main.ts and the e2e tests both need on top of the module graph. */
export function configureApp(app: NestExpressApplication): NestExpressApplication {
  const http = app.get<HttpConfig>(httpConfig.KEY);
  app.useLogger(app.get(AppLogger));
  app.use(requestLogging(app.get(ROOT_LOGGER)));
  app.disable('x-powered-by');
  // No ETag: answers are per account and fresh on every read (nothing sends If-None-Match); hashing
  // every body cost ~1.4% of a lead list request. Images carry their own Cache-Control (immutable).
  app.set('etag', false);
  app.use(requireHost);
  // Helmet's defaults (CSP with scripts from self only, HSTS, nosniff, frame denial) suit the Swagger
  // UI too: it loads its scripts and init code as files from /docs.
  app.use(helmet());
  if (http.corsOrigins.length) app.enableCors({ origin: http.corsOrigins, maxAge: 600 });
  hardenServer(app.getHttpServer(), http, app.getHttpAdapter().getInstance());
  app.useBodyParser('json', { limit: JSON_BODY_LIMIT });
  app.useBodyParser('urlencoded', { limit: JSON_BODY_LIMIT, extended: false });
  // Which X-Forwarded-For hops to believe for req.ip, the address unauthenticated requests are limited by.
  app.set('trust proxy', app.get<AppConfig>(appConfig.KEY).trustProxy);
  // Reads run no interceptor at all: see the two functions.
  dropClsPassThroughInterceptor(app);
  bindIdempotencyToWrites(app);
  setUpSwagger(app);
  return app;
}

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

function setUpSwagger(app: NestExpressApplication): void {
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
  SwaggerModule.setup('docs', app, document, { jsonDocumentUrl: 'docs-json', yamlDocumentUrl: 'docs-yaml' });
}
