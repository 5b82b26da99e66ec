import type { NestExpressApplication } from '@nestjs/platform-express';
import { type NextFunction, type Request, type RequestHandler, type Response, json, urlencoded } from 'express';
import { SwaggerModule } from '@nestjs/swagger';
import { hardenServer, requireHost } from './common/http/http-server';
import { securityHeaders } from './common/http/security-headers';
import { refuseBadAddress, refuseBadText, requireUtf8 } from './common/http/bad-bytes';
import { SMS_WEBHOOK_PATH } from './sms-inbound/sms-inbound.module';
import { CUSTOMER_PAGE_PATHS } from './customer-pages/customer-pages.module';
import { MANAGER_API_PREFIX, VENDOR_API_PREFIX } from './auth/decorators/access.decorators';
import { AppConfig, appConfig } from './config/app.config';
import { buildApiDocument } from './openapi/api-document';
import { HttpConfig, httpConfig } from './config/http.config';
import { AppLogger, ROOT_LOGGER } from './logging/app-logger';
import { requestLogging } from './logging/request-log';
import { MetricsConfig, metricsConfig } from './config/metrics.config';
import { HttpMetrics } from './metrics/http-metrics';
import { requestSpans } from './common/tracing/request-spans';
import { tracingOn } from './common/tracing/tracing';

export const JSON_BODY_LIMIT = '100kb';
/**
 * A new lead's body: its fields at their maximum lengths, every character sent as a JSON escape
 * (`\u0001`, 6 bytes, more than any character's UTF-8), fit (test/http/request-rules-in-document.e2e-spec.ts).
 */
export const LEAD_BODY_LIMIT = '200kb';

/** Everything main.ts and the e2e tests both need on top of the module graph. */
export function configureApp(app: NestExpressApplication): NestExpressApplication {
  const http = app.get<HttpConfig>(httpConfig.KEY);
  app.useLogger(app.get(AppLogger));
  // Off, no middleware at all: tracing is switched on (main.ts, a test) before the application is built.
  if (tracingOn()) app.use(requestSpans);
  const metrics = app.get<MetricsConfig>(metricsConfig.KEY).enabled ? app.get(HttpMetrics) : undefined;
  app.use(requestLogging(app.get(ROOT_LOGGER), metrics));
  app.disable('x-powered-by');
  // No ETag: answers are per account and fresh on every read (nothing sends If-None-Match); hashing
  // every body cost ~1.4% of a lead list request. Images carry their own Cache-Control (immutable).
  app.set('etag', false);
  app.use(requireHost);
  // Helmet's defaults (CSP with scripts from self only, HSTS, nosniff, frame denial) suit the Swagger
  // UI too: it loads its scripts and init code as files from /docs. API answers get an API's set.
  app.use(securityHeaders([VENDOR_API_PREFIX, MANAGER_API_PREFIX]));
  if (http.corsOrigins.length) app.enableCors({ origin: http.corsOrigins, maxAge: 600 });
  hardenServer(app.getHttpServer(), http, app.getHttpAdapter().getInstance());
  app.use(`/${MANAGER_API_PREFIX}/vendors/:vendorId/leads`, leadBodyParser);
  app.use(providerFormParser);
  app.use(json({ limit: JSON_BODY_LIMIT, verify: requireUtf8 }));
  app.use(urlencoded({ limit: JSON_BODY_LIMIT, extended: false, verify: requireUtf8 }));
  app.use((request: Request, response: Response, next: NextFunction) => {
    if (CUSTOMER_PAGE_PATHS.test(request.path)) return next();
    if (SMS_WEBHOOK_PATH.test(request.path)) return refuseBadAddress(request, response, next);
    refuseBadText(request, response, next);
  });
  // Which X-Forwarded-For hops to believe for req.ip, the address unauthenticated requests are limited by.
  app.set('trust proxy', app.get<AppConfig>(appConfig.KEY).trustProxy);
  setUpSwagger(app);
  return app;
}

const leadJson = json({ limit: LEAD_BODY_LIMIT, verify: requireUtf8 });
/** Parses the body of POST …/vendors/{vendorId}/leads before the general parser (which then leaves it be). */
const leadBodyParser: RequestHandler = (request, response, next) => {
  if (request.method === 'POST' && request.path === '/') return leadJson(request, response, next);
  next();
};

/**
 * The SMS provider's form, parsed before the general parser (which then leaves it be) without refusing
 * bytes that are not UTF-8: a refused STOP would be lost (the provider does not retry a 400), so the
 * handler drops bad bytes once the signature is checked (inbound-text.ts).
 */
const providerForm = urlencoded({ limit: JSON_BODY_LIMIT, extended: false });
const providerFormParser: RequestHandler = (request, response, next) => {
  if (request.method === 'POST' && SMS_WEBHOOK_PATH.test(request.path)) return providerForm(request, response, next);
  next();
};

function setUpSwagger(app: NestExpressApplication): void {
  const document = buildApiDocument(app);
  SwaggerModule.setup('docs', app, document, { jsonDocumentUrl: 'docs-json', yamlDocumentUrl: 'docs-yaml' });
}
