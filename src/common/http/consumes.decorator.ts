import { SetMetadata, applyDecorators } from '@nestjs/common';
import { ApiConsumes } from '@nestjs/swagger';

export const CONSUMES_KEY = 'consumes';

/** What a route takes when it says nothing: the JSON API's bodies. */
export const JSON_BODY = 'application/json';
export const FORM_BODY = 'application/x-www-form-urlencoded';
export const MULTIPART_BODY = 'multipart/form-data';

/**
 * The body types a route (or every route of a controller) accepts, enforced by BodyContentTypeGuard
 * and documented in the OpenAPI document from the same list. Without it a route takes application/json.
 */
export const Consumes = (...types: string[]): MethodDecorator & ClassDecorator =>
  applyDecorators(SetMetadata(CONSUMES_KEY, types), ApiConsumes(...types));
