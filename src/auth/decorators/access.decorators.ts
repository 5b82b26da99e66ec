import { Controller, SetMetadata, applyDecorators } from '@nestjs/common';
import { ApiBearerAuth, ApiExtension, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../../common/envelope/api-errors.decorator';
import type { TokenType } from '../principal';
import type { VendorFeature } from '../vendor-account';
import type { ApiScope } from './scopes';

export const VENDOR_API_PREFIX = 'rest-api-v1';
export const MANAGER_API_PREFIX = 'rest-manager-api-v1';
export const VENDOR_BEARER = 'vendor-token';
export const MANAGER_BEARER = 'manager-token';

export type Access = 'public' | TokenType;
export const ACCESS_KEY = 'access';
export const REQUIRED_FEATURE_KEY = 'requiredFeature';
export const REQUIRED_SCOPE_KEY = 'requiredScope';
/** Where the document's builder finds an operation's scope, to write it into its security requirement. */
export const SCOPE_EXTENSION = 'x-required-scope';

/** What any route of either API can answer before it runs: the token is refused, limited, or the database is down. */
const authErrors = ApiErrors(401, 403, 429, 503);

/** A controller of the vendor API: its routes admit only vendor tokens of activated vendors. */
export function VendorApiController(path: string, tag: string): ClassDecorator {
  return applyDecorators(
    Controller(`${VENDOR_API_PREFIX}/${path}`),
    SetMetadata(ACCESS_KEY, 'vendor' satisfies Access),
    ApiTags(tag),
    ApiBearerAuth(VENDOR_BEARER),
    authErrors,
  );
}

/** A controller of the manager API: its routes admit only tokens of ADMIN managers. */
export function ManagerApiController(path: string, tag: string): ClassDecorator {
  return applyDecorators(
    Controller(`${MANAGER_API_PREFIX}/${path}`),
    SetMetadata(ACCESS_KEY, 'manager' satisfies Access),
    ApiTags(tag),
    ApiBearerAuth(MANAGER_BEARER),
    authErrors,
  );
}

/** Routes are denied by default; this is the only way to open one without a token. */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(ACCESS_KEY, 'public' satisfies Access);

/** Admits the route only for vendors whose flag is on. */
export function RequireFeature(feature: VendorFeature): MethodDecorator & ClassDecorator {
  return applyDecorators(
    SetMetadata(REQUIRED_FEATURE_KEY, feature),
    ApiErrors({
      status: 403,
      description: `The token is not a vendor token, the vendor is deactivated, or its ${feature} feature is off.`,
      example: `The ${feature} feature is not enabled for this vendor.`,
    }),
  );
}

/**
 * The scope a key needs for the route. Every route of either API declares one: the access guard refuses
 * a route that declares none (deny by default), and a key without the scope with `403` naming it.
 */
export function RequiresScope(scope: ApiScope): MethodDecorator {
  return applyDecorators(SetMetadata(REQUIRED_SCOPE_KEY, scope), ApiExtension(SCOPE_EXTENSION, scope));
}
