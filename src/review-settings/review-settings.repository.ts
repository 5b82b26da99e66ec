import { Propagation, TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { isForeignKeyViolation } from '../common/errors/database-errors';
import { DomainError } from '../common/errors/domain-error';
import { Sql } from '../database/sql';
import { ReviewSettings } from './entities/review-settings.entity';

export type ReviewSettingsFields = Omit<
  ReviewSettings,
  'id' | 'vendorId' | 'vendor' | 'reviewLocations' | 'createdAt' | 'updatedAt'
>;

/** A location to store: with the id of one of the vendor's current locations to keep it, without to add it. */
export interface ReviewLocationInput {
  id?: number;
  label: string;
  googleUrl: string;
}

@Injectable()
export class ReviewSettingsRepository {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly sql: Sql,
  ) {}

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
        this.sql.run({
          sql: 'INSERT INTO review_settings (vendor_id) VALUES ($1) ON CONFLICT (vendor_id) DO NOTHING',
          parameters: [vendorId],
        }),
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
      const manager = this.txHost.tx;
      if (!(await this.createDefaults(vendorId))) return null;
      const updated = await manager
        .createQueryBuilder()
        .update(ReviewSettings)
        .set(fields)
        .where('vendorId = :vendorId', { vendorId })
        .returning(['id'])
        .execute();
      const settingsId = (updated.raw as { id: number }[])[0].id;

      const kept = locations.flatMap((location, position) =>
        location.id === undefined ? [] : [{ ...location, id: location.id, position }],
      );
      const added = locations.flatMap((location, position) =>
        location.id === undefined ? [{ ...location, position }] : [],
      );
      await this.sql.run({
        sql: `DELETE FROM review_locations WHERE settings_id = $1 AND NOT (id = ANY($2::int[]))`,
        parameters: [settingsId, kept.map((l) => l.id)],
      });
      const rewritten = await this.sql.rows<{ id: number }>({
        sql: `UPDATE review_locations AS l SET label = v.label, google_url = v.google_url, position = v.position
         FROM unnest($2::int[], $3::text[], $4::text[], $5::int[]) AS v(id, label, google_url, position)
         WHERE l.settings_id = $1 AND l.id = v.id RETURNING l.id`,
        parameters: [
          settingsId,
          kept.map((l) => l.id),
          kept.map((l) => l.label),
          kept.map((l) => l.googleUrl),
          kept.map((l) => l.position),
        ],
      });
      if (rewritten.length < kept.length) {
        const found = new Set(rewritten.map((row) => row.id));
        const unknown = kept.filter((l) => !found.has(l.id)).map((l) => l.id);
        throw DomainError.invalid(
          `Review location ${unknown.join(', ')} is not one of this vendor's review locations.`,
        );
      }
      await this.sql.run({
        sql: `INSERT INTO review_locations (settings_id, label, google_url, position)
         SELECT $1, * FROM unnest($2::text[], $3::text[], $4::int[])`,
        parameters: [
          settingsId,
          added.map((l) => l.label),
          added.map((l) => l.googleUrl),
          added.map((l) => l.position),
        ],
      });
      return this.findByVendor(vendorId);
    });
  }
}
