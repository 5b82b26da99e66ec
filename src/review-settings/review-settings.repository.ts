import { Propagation, TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { isForeignKeyViolation } from '../common/errors/database-errors';
import { DomainError } from '../common/errors/domain-error';
import { Sql } from '../database/sql';
import { ReviewSettings } from './entities/review-settings.entity';
import { type CustomMessages, REVIEW_SETTINGS_SQL } from './review-settings.sql';

export type ReviewSettingsFields = Omit<
  ReviewSettings,
  'id' | 'vendorId' | 'vendor' | 'reviewLocations' | 'createdAt' | 'updatedAt'
>;

/** A location to store: with the id of one of the vendor's current locations to keep it, without to add it. */
export interface ReviewLocationInput {
  id?: number;
  label: string;
  labelFr: string;
  googleUrl: string;
}

@Injectable()
export class ReviewSettingsRepository {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly sql: Sql,
  ) {}

  /** The vendor's custom texts alone, one row read (a review request needs no locations); null when it has no settings yet. */
  async findCustomMessages(vendorId: number): Promise<CustomMessages | null> {
    const [messages] = await this.sql.rows(REVIEW_SETTINGS_SQL.customMessages.bind({ vendorId }));
    return messages ?? null;
  }

  /** The vendor's settings with their locations in order, or null when it has none yet. */
  findByVendor(vendorId: number): Promise<ReviewSettings | null> {
    return this.txHost.tx.findOne(ReviewSettings, {
      where: { vendorId },
      relations: { reviewLocations: true },
      order: { reviewLocations: { position: 'ASC' } },
    });
  }

  /**
   * Stores the default settings for the vendor unless it has some; false when the vendor does not
   * exist (the foreign key says so, without reading the vendors' table).
   */
  async createDefaults(vendorId: number): Promise<boolean> {
    try {
      // A savepoint when inside a transaction: a refused insert must not abort the caller's transaction.
      await this.txHost.withTransaction(Propagation.Nested, () =>
        this.sql.run(REVIEW_SETTINGS_SQL.insertDefaults.bind({ vendorId })),
      );
      return true;
    } catch (error) {
      if (isForeignKeyViolation(error)) return false;
      throw error;
    }
  }

  /**
   * Replaces the vendor's settings and locations in one transaction; null when the vendor does not exist.
   * The settings row is locked first, so concurrent replacements of one vendor's settings run one after
   * the other. Kept locations keep their ids; the others are deleted.
   */
  replace(
    vendorId: number,
    fields: ReviewSettingsFields,
    locations: ReviewLocationInput[],
  ): Promise<ReviewSettings | null> {
    return this.txHost.withTransaction(async () => {
      if (!(await this.createDefaults(vendorId))) return null;
      const [{ id: settingsId }] = await this.sql.rows(REVIEW_SETTINGS_SQL.replaceFields.bind({ vendorId, ...fields }));

      const kept = locations.flatMap((location, position) =>
        location.id === undefined ? [] : [{ ...location, id: location.id, position }],
      );
      const added = locations.flatMap((location, position) =>
        location.id === undefined ? [{ ...location, position }] : [],
      );
      const keptIds = kept.map((l) => l.id);
      await this.sql.run(REVIEW_SETTINGS_SQL.deleteLocationsBut.bind({ settingsId, keptIds }));
      const rewritten = await this.sql.rows(
        REVIEW_SETTINGS_SQL.rewriteLocations.bind({
          settingsId,
          ids: keptIds,
          labels: kept.map((l) => l.label),
          labelsFr: kept.map((l) => l.labelFr),
          googleUrls: kept.map((l) => l.googleUrl),
          positions: kept.map((l) => l.position),
        }),
      );
      if (rewritten.length < kept.length) {
        const found = new Set(rewritten.map((row) => row.id));
        const unknown = kept.filter((l) => !found.has(l.id)).map((l) => l.id);
        throw DomainError.invalid(
          `Review location ${unknown.join(', ')} is not one of this vendor's review locations.`,
        );
      }
      await this.sql.run(
        REVIEW_SETTINGS_SQL.addLocations.bind({
          settingsId,
          labels: added.map((l) => l.label),
          labelsFr: added.map((l) => l.labelFr),
          googleUrls: added.map((l) => l.googleUrl),
          positions: added.map((l) => l.position),
        }),
      );
      return this.findByVendor(vendorId);
    });
  }
}
