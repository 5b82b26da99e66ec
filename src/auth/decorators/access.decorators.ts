import { Controller, SetMetadata, applyDecorators } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiForbiddenResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { ErrorEnvelopeDto } from '../../common/envelope/envelope';
import type { TokenType } from '../principal';
import type { VendorFeature } from '../vendor-account';

export const VENDOR_API_PREFIX = 'rest-api-v1';
export const MANAGER_API_PREFIX = 'rest-manager-api-v1';
export const VENDOR_BEARER = 'vendor-token';
export const MANAGER_BEARER = 'manager-token';

export type Access = 'public' | TokenType;
export const ACCESS_KEY = 'access';
export const REQUIRED_FEATURE_KEY = 'requiredFeature';

const authResponses = [
  ApiUnauthorizedResponse({ description: 'Missing, malformed, forged or revoked token.', type: ErrorEnvelopeDto }),
  ApiForbiddenResponse({
    description: 'Wrong token type for this API, or the account may not use it.',
    type: ErrorEnvelopeDto,
  }),
  ApiTooManyRequestsResponse({
    description:
      'More than 250 requests in 5 minutes by this account (or, without a valid token, this client IP). ' +
      'Every response of the API carries X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset ' +
      '(seconds until the oldest counted request leaves the window).',
    type: ErrorEnvelopeDto,
    headers: {
      'Retry-After': {
        description: 'Whole seconds until a request will be accepted again.',
        schema: { type: 'integer' },
      },
    },
  }),
];

/** A controller of the vendor API: its routes admit only vendor tokens of activated vendors. */
export function VendorApiController(path: string, tag: string): ClassDecorator {
  return applyDecorators(
    Controller(`${VENDOR_API_PREFIX}/${path}`),
    SetMetadata(ACCESS_KEY, 'vendor' satisfies Access),
    ApiTags(tag),
    ApiBearerAuth(VENDOR_BEARER),
    ...authResponses,
  );
}

/** A controller of the manager API: its routes admit only tokens of ADMIN managers. */
export function ManagerApiController(path: string, tag: string): ClassDecorator {
  return applyDecorators(
    Controller(`${MANAGER_API_PREFIX}/${path}`),
    SetMetadata(ACCESS_KEY, 'manager' satisfies Access),
    ApiTags(tag),
    ApiBearerAuth(MANAGER_BEARER),
    ...authResponses,
  );
}

/** Routes are denied by default; this is the only way to open one without a token. */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(ACCESS_KEY, 'public' satisfies Access);

/** Admits the route only for vendors whose flag is on. */
export function RequireFeature(feature: VendorFeature): MethodDecorator & ClassDecorator {
  return applyDecorators(
    SetMetadata(REQUIRED_FEATURE_KEY, feature),
    ApiForbiddenResponse({
      description: `The ${feature} feature is not enabled for the vendor.`,
      type: ErrorEnvelopeDto,
    }),
  );
}
