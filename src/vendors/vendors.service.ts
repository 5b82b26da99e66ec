import { Transactional } from '@nestjs-cls/transactional';
import { Inject, Injectable } from '@nestjs/common';
import { ApiKeysService } from '../auth/api-keys.service';
import { DomainError, ErrorCode } from '../common/errors/domain-error';
import { isUniqueViolation } from '../common/errors/database-errors';
import { type NotificationsConfig, notificationsConfig } from '../config/notifications.config';
import type { SearchVendorsQuery } from './dto/search-vendors.query';
import type { VendorSummary } from './dto/vendor-summary.response';
import { VENDOR_FEATURES, VendorAccounts, type VendorFeature } from '../auth/vendor-account';
import { Vendor } from './entities/vendor.entity';
import { VendorActivationListeners } from './vendor-activation';
import { type VendorProfileReplacement, type VendorProfileValues, profileOf } from './vendor-profile';
import { localeOfProvince } from '../common/locale/locale';
import { NewVendor, VendorChanges, VendorsRepository } from './vendors.repository';
import { VENDOR_ACCOUNT_SELECT, type VendorSearchCriteria } from './vendors.sql';

/** The name of the key `POST …/vendors/{vendorId}/api-token` and `cli vendor-token` issue and replace. */
export const VENDOR_TOKEN_KEY = 'api-token';

/** Vendor ids are PostgreSQL integers; longer digit strings can only match a name. */
const MAX_VENDOR_ID = 2_147_483_647;

@Injectable()
export class VendorsService implements VendorAccounts {
  constructor(
    private readonly vendors: VendorsRepository,
    private readonly keys: ApiKeysService,
    private readonly activation: VendorActivationListeners,
    @Inject(notificationsConfig.KEY) private readonly notificationsConfig: NotificationsConfig,
  ) {}

  readonly accountSelect = VENDOR_ACCOUNT_SELECT;

  /**
   * A new token for the vendor, with every scope: the key named `api-token`, whose previous secret stops
   * working at once. The vendor's other keys stay: this route and command are the one token of clients
   * made before keys, which rotate it by calling again.
   */
  issueToken(id: number, createdBy: string): Promise<string> {
    return this.keys.replaceNamed({ type: 'vendor', id }, VENDOR_TOKEN_KEY, createdBy);
  }

  /**
   * One page of the matching vendors, and how many match. docs/contract.md#names: digits match the id exactly or
   * the name; anything else a part of the name.
   */
  async search({ search = '', page, size }: SearchVendorsQuery): Promise<{ vendors: VendorSummary[]; total: number }> {
    const criteria: VendorSearchCriteria = {};
    if (search) criteria.nameContains = search;
    if (/^\d{1,10}$/.test(search) && Number(search) <= MAX_VENDOR_ID) criteria.id = Number(search);
    return this.vendors.search(criteria, page * size, size);
  }

  /** With the modules above told, in the same transaction, of an account created deactivated. */
  @Transactional()
  async create(vendor: NewVendor): Promise<Vendor> {
    const created = await this.vendors.create({
      ...vendor,
      email: vendor.email.toLowerCase(),
      defaultLocale: localeOfProvince(vendor.provinceName),
    });
    if (!created.activated) await this.activation.notify(created.id, false);
    return created;
  }

  /** With the modules above told, in the same transaction, when `activated` is written. */
  @Transactional()
  async update(id: number, changes: VendorChanges): Promise<Vendor> {
    if (Object.keys(changes).length === 0) throw DomainError.invalid('Provide at least one field to update.');
    const normalized = changes.email ? { ...changes, email: changes.email.toLowerCase() } : changes;
    const vendor = await this.vendors.update(id, normalized);
    if (!vendor) throw DomainError.notFound('Vendor', id);
    if (changes.activated !== undefined) await this.activation.notify(id, vendor.activated);
    return vendor;
  }

  async get(id: number): Promise<Vendor> {
    const vendor = await this.vendors.findById(id);
    if (!vendor) throw DomainError.notFound('Vendor', id);
    return vendor;
  }

  /** The vendor whose own SMS sender number this is; null for none. */
  async ownerOfSmsNumber(smsFromNumber: string): Promise<number | null> {
    return (await this.vendors.findBySmsFromNumber(smsFromNumber))?.id ?? null;
  }

  /** The vendor's name, as customers' messages and pages show it. */
  async nameOf(id: number): Promise<string> {
    return (await this.get(id)).vendorName;
  }

  async getProfile(id: number): Promise<VendorProfileValues> {
    return profileOf(await this.get(id));
  }

  /**
   * Replaces the profile (docs/contract.md#language): what the body leaves out is cleared, the language falls back to
   * the province's, and an undefined `smsFromNumber` (the vendor's own PUT cannot name it) stays.
   */
  async replaceProfile(id: number, body: VendorProfileReplacement): Promise<VendorProfileValues> {
    const vendor = await this.get(id);
    const smsFromNumber = body.smsFromNumber === undefined ? vendor.smsFromNumber : body.smsFromNumber;
    // A pool number serves every vendor, one per phone: as a vendor's own, its replies would mix again.
    if (smsFromNumber !== null && this.notificationsConfig.sms?.senderPool.includes(smsFromNumber)) {
      throw new DomainError(
        ErrorCode.Conflict,
        `The SMS sender number ${smsFromNumber} is one of the service's shared numbers (SMS_FROM), not a vendor's own.`,
      );
    }
    const updated = await this.vendors
      .update(id, {
        defaultLocale: body.defaultLocale ?? localeOfProvince(vendor.provinceName),
        mailingAddress: body.mailingAddress ?? null,
        contactPhone: body.contactPhone ?? null,
        contactEmail: body.contactEmail?.toLowerCase() ?? null,
        websiteUrl: body.websiteUrl ?? null,
        smsFromNumber,
      })
      .catch((error: unknown) => {
        // Replies to a sender number must belong to one vendor (docs/contract.md#sms-replies).
        if (isUniqueViolation(error)) {
          throw new DomainError(ErrorCode.Conflict, `The SMS sender number ${smsFromNumber} is another vendor's.`);
        }
        throw error;
      });
    if (!updated) throw DomainError.notFound('Vendor', id);
    return profileOf(updated);
  }

  async getFeatures(id: number): Promise<Record<VendorFeature, boolean>> {
    return featuresOf(await this.get(id));
  }

  /** Switches the given flags; the vendor API's feature guard sees the change on the next request. */
  async setFeatures(
    id: number,
    changes: Partial<Record<VendorFeature, boolean>>,
  ): Promise<Record<VendorFeature, boolean>> {
    if (Object.keys(changes).length === 0) return this.getFeatures(id);
    const vendor = await this.vendors.update(id, changes);
    if (!vendor) throw DomainError.notFound('Vendor', id);
    return featuresOf(vendor);
  }
}

function featuresOf(vendor: Vendor): Record<VendorFeature, boolean> {
  return Object.fromEntries(VENDOR_FEATURES.map((feature) => [feature, vendor[feature]])) as Record<
    VendorFeature,
    boolean
  >;
}
