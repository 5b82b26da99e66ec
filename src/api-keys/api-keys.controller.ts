import { Body, Delete, Get, Param, Post } from '@nestjs/common';
import { ManagerApiController, RequiresScope, VendorApiController } from '../auth/decorators/access.decorators';
import { CurrentManager } from '../auth/decorators/principal.decorators';
import type { ApiScope } from '../auth/decorators/scopes';
import type { Manager } from '../auth/entities/manager.entity';
import { ApiEnvelope } from '../common/envelope/api-envelope.decorator';
import { ApiErrors } from '../common/envelope/api-errors.decorator';
import { IssuesCredential } from '../common/http/issues-credential.decorator';
import { Clock } from '../common/time/clock';
import { VendorIdParams } from '../vendors/dto/vendor-id.params';
import { ManagerWrite } from '../write-routes/write-routes';
import { ApiKeyChanges, type KeyRequest } from './api-key-changes.service';
import { ApiKeyIdParams, CreateApiKeyDto, RollApiKeyDto, VendorApiKeyParams } from './dto/api-key.dto';
import { ApiKeyResponse, ApiKeyWithSecretResponse, RolledApiKeyResponse } from './dto/api-key.response';
import { CurrentKeyHolder, type KeyHolder } from './key-holder.decorator';

const keyNotFound = ApiErrors({
  status: 404,
  description: 'No such live key of this account.',
  example: 'API key 0b9cbb5e-9a59-4bb4-a3a4-5f6c4a3c2d10 was not found.',
});
const vendorNotFound = ApiErrors({ status: 404, description: 'Unknown vendor.', example: 'Vendor 42 was not found.' });
const tooManyKeys = ApiErrors({
  status: 409,
  description: 'The account already holds as many live keys as it may.',
  example: 'The account already holds 20 live API keys; revoke one before creating another.',
});

const keyRequestOf = ({ name, scopes, expiresAt }: CreateApiKeyDto): KeyRequest => ({
  name,
  scopes: scopes as ApiScope[],
  expiresAt: expiresAt === undefined ? null : new Date(expiresAt),
});

/**
 * An account's own keys, the same on both APIs. Managing keys needs a key with every scope (`*`): a
 * restricted key can neither widen itself nor make a wider one.
 */
@ApiErrors(400)
abstract class OwnApiKeysRoutes {
  constructor(
    private readonly changes: ApiKeyChanges,
    private readonly clock: Clock,
  ) {}

  /** The account's keys, newest first: the live ones, and those revoked or expired in the last 7 days. */
  @Get()
  @RequiresScope('*')
  @ApiEnvelope(ApiKeyResponse, { isArray: true })
  async listApiKeys(@CurrentKeyHolder() { owner }: KeyHolder): Promise<ApiKeyResponse[]> {
    const now = this.clock.now();
    return (await this.changes.list(owner)).map((key) => ApiKeyResponse.from(key, now));
  }

  /** Creates a key; the answer is the only one that shows its secret (the token). */
  @Post()
  @RequiresScope('*')
  @ManagerWrite({ type: 'api-key', id: 'answer' })
  @IssuesCredential()
  @ApiEnvelope(ApiKeyWithSecretResponse, { status: 201 })
  @tooManyKeys
  async createApiKey(
    @CurrentKeyHolder() { owner, actor }: KeyHolder,
    @Body() body: CreateApiKeyDto,
  ): Promise<ApiKeyWithSecretResponse> {
    return ApiKeyWithSecretResponse.issued(
      await this.changes.create(owner, keyRequestOf(body), actor),
      this.clock.now(),
    );
  }

  /**
   * Rolls a key: a new secret (a new key with the same name, scopes and expiry), while the old one keeps
   * working until `oldExpiresAt` (24 hours by default, at most 7 days), so clients can switch without
   * downtime. The list shows the old key `expiring` meanwhile.
   */
  @Post(':keyId/roll')
  @RequiresScope('*')
  @ManagerWrite({ type: 'api-key', id: 'answer' })
  @IssuesCredential()
  @ApiEnvelope(RolledApiKeyResponse, { status: 201 })
  @keyNotFound
  @ApiErrors({ status: 409, description: 'The key was already rolled.', example: 'API key … was already rolled.' })
  async rollApiKey(
    @CurrentKeyHolder() { owner, actor }: KeyHolder,
    @Param() { keyId }: ApiKeyIdParams,
    @Body() { oldExpiresAt }: RollApiKeyDto,
  ): Promise<RolledApiKeyResponse> {
    const until = oldExpiresAt === undefined ? undefined : new Date(oldExpiresAt);
    const { issued, previous } = await this.changes.roll(owner, keyId, until, actor);
    const now = this.clock.now();
    return { ...ApiKeyWithSecretResponse.issued(issued, now), previous: ApiKeyResponse.from(previous, now) };
  }

  /** Revokes a key: refused from the next request on, on every instance. */
  @Delete(':keyId')
  @RequiresScope('*')
  @ManagerWrite({ type: 'api-key', id: ':keyId' })
  @ApiEnvelope(ApiKeyResponse)
  @keyNotFound
  async revokeApiKey(
    @CurrentKeyHolder() { owner, actor }: KeyHolder,
    @Param() { keyId }: ApiKeyIdParams,
  ): Promise<ApiKeyResponse> {
    return ApiKeyResponse.from(await this.changes.revoke(owner, keyId, actor), this.clock.now());
  }
}

@VendorApiController('api-keys', 'API keys')
export class VendorApiKeysController extends OwnApiKeysRoutes {}

@ManagerApiController('api-keys', 'Manager: API keys')
export class ManagerApiKeysController extends OwnApiKeysRoutes {}

/** A vendor's keys, as a manager creates, lists and revokes them. */
@ManagerApiController('vendors', 'Manager: API keys')
@ApiErrors(400)
export class ManagerVendorApiKeysController {
  constructor(
    private readonly changes: ApiKeyChanges,
    private readonly clock: Clock,
  ) {}

  /** The vendor's keys, newest first: the live ones, and those revoked or expired in the last 7 days. */
  @Get(':vendorId/api-keys')
  @RequiresScope('accounts:read')
  @ApiEnvelope(ApiKeyResponse, { isArray: true })
  @vendorNotFound
  async listVendorApiKeys(@Param() { vendorId }: VendorIdParams): Promise<ApiKeyResponse[]> {
    const now = this.clock.now();
    return (await this.changes.list({ type: 'vendor', id: vendorId })).map((key) => ApiKeyResponse.from(key, now));
  }

  /** Creates a key for the vendor; the answer is the only one that shows its secret (the token). */
  @Post(':vendorId/api-keys')
  @RequiresScope('accounts:write')
  @ManagerWrite({ type: 'api-key', id: 'answer' })
  @IssuesCredential()
  @ApiEnvelope(ApiKeyWithSecretResponse, { status: 201 })
  @vendorNotFound
  @tooManyKeys
  async createVendorApiKey(
    @CurrentManager() manager: Manager,
    @Param() { vendorId }: VendorIdParams,
    @Body() body: CreateApiKeyDto,
  ): Promise<ApiKeyWithSecretResponse> {
    const owner = { type: 'vendor', id: vendorId } as const;
    const issued = await this.changes.create(owner, keyRequestOf(body), managerActor(manager));
    return ApiKeyWithSecretResponse.issued(issued, this.clock.now());
  }

  /** Revokes one of the vendor's keys: refused from the next request on, on every instance. */
  @Delete(':vendorId/api-keys/:keyId')
  @RequiresScope('accounts:write')
  @ManagerWrite({ type: 'api-key', id: ':keyId' })
  @ApiEnvelope(ApiKeyResponse)
  @keyNotFound
  async revokeVendorApiKey(
    @CurrentManager() manager: Manager,
    @Param() { vendorId, keyId }: VendorApiKeyParams,
  ): Promise<ApiKeyResponse> {
    const revoked = await this.changes.revoke({ type: 'vendor', id: vendorId }, keyId, managerActor(manager));
    return ApiKeyResponse.from(revoked, this.clock.now());
  }
}

const managerActor = (manager: Manager) => ({ type: 'manager', id: String(manager.id) }) as const;
