import { Get, Param, Query } from '@nestjs/common';
import { ManagerApiController, RequiresScope, VendorApiController } from '../auth/decorators/access.decorators';
import { CurrentVendor } from '../auth/decorators/principal.decorators';
import type { VendorAccount } from '../auth/vendor-account';
import { ApiEnvelope } from '../common/envelope/api-envelope.decorator';
import { ApiErrors } from '../common/envelope/api-errors.decorator';
import { ApiContactQuery } from '../common/openapi/contact-query.decorator';
import { contactOf } from '../reputation/contact';
import { VendorIdParams } from '../vendors/dto/vendor-id.params';
import { VendorsService } from '../vendors/vendors.service';
import { ConsentService } from './consent.service';
import { ConsentResponse } from './dto/consent.response';
import { ConsentsQuery } from './dto/consents.query';
import { EndingConsentsQuery } from './dto/ending-consents.query';

const DEFAULT_ENDING_DAYS = 30;

/** Which of its customers the calling vendor may write to, and why (docs/contract.md#consent). */
@VendorApiController('consents', 'Consent')
@ApiErrors(400)
export class ConsentController {
  constructor(private readonly consents: ConsentService) {}

  /**
   * A contact's consent ledger with the calling vendor, newest first: each basis with its evidence and
   * end, and the withdrawals. Send email, phone or both: at least one of them is required (400 without either).
   */
  @Get()
  @ApiContactQuery(ConsentsQuery)
  @RequiresScope('reputation:read')
  @ApiEnvelope(ConsentResponse, { isArray: true })
  async listConsents(
    @CurrentVendor() vendor: VendorAccount,
    @Query() query: ConsentsQuery,
  ): Promise<ConsentResponse[]> {
    const lines = await this.consents.linesOf(vendor.id, contactOf(query.email, query.phone));
    return lines.map((line) => ConsentResponse.from(line));
  }

  /** The calling vendor's bases in force that end within `days` days, soonest first (at most 500). */
  @Get('ending')
  @RequiresScope('reputation:read')
  @ApiEnvelope(ConsentResponse, { isArray: true })
  async listEndingConsents(
    @CurrentVendor() vendor: VendorAccount,
    @Query() { days }: EndingConsentsQuery,
  ): Promise<ConsentResponse[]> {
    const lines = await this.consents.endingWithin(vendor.id, days ?? DEFAULT_ENDING_DAYS);
    return lines.map((line) => ConsentResponse.from(line));
  }
}

/** Any vendor's consent ledger, as the vendor reads its own. */
@ManagerApiController('vendors', 'Manager: consent')
@ApiErrors(400)
@ApiErrors({ status: 404, description: 'Unknown vendor.', example: 'Vendor 42 was not found.' })
export class ManagerConsentController {
  constructor(
    private readonly consents: ConsentService,
    private readonly vendors: VendorsService,
  ) {}

  /**
   * A contact's consent ledger with the vendor, newest first. Send email, phone or both: at least one of
   * them is required (400 without either).
   */
  @Get(':vendorId/consents')
  @ApiContactQuery(ConsentsQuery)
  @RequiresScope('reputation:read')
  @ApiEnvelope(ConsentResponse, { isArray: true })
  async listVendorConsents(
    @Param() { vendorId }: VendorIdParams,
    @Query() query: ConsentsQuery,
  ): Promise<ConsentResponse[]> {
    await this.vendors.get(vendorId);
    const lines = await this.consents.linesOf(vendorId, contactOf(query.email, query.phone));
    return lines.map((line) => ConsentResponse.from(line));
  }

  /** The vendor's bases in force that end within `days` days, soonest first (at most 500). */
  @Get(':vendorId/consents/ending')
  @RequiresScope('reputation:read')
  @ApiEnvelope(ConsentResponse, { isArray: true })
  async listVendorEndingConsents(
    @Param() { vendorId }: VendorIdParams,
    @Query() { days }: EndingConsentsQuery,
  ): Promise<ConsentResponse[]> {
    await this.vendors.get(vendorId);
    const lines = await this.consents.endingWithin(vendorId, days ?? DEFAULT_ENDING_DAYS);
    return lines.map((line) => ConsentResponse.from(line));
  }
}
