import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Vendor search (CONTRACT 4) stays fast with 100,000+ vendors: a trigram index answers
 * `lower(vendor_name) LIKE '%term%'`, and a btree on (lower(vendor_name), id) serves the name order.
 * Both are expression indexes TypeORM cannot declare, so they are written here by hand and declared on
 * the entity with `synchronize: false`.
 */
export class VendorSearchIndexes1795306221867 implements MigrationInterface {
  name = 'VendorSearchIndexes1795306221867';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await queryRunner.query(`DROP INDEX "public"."idx_vendors_name_id"`);
    await queryRunner.query(`CREATE INDEX "idx_vendors_lower_name_id" ON "vendors" (lower("vendor_name"), "id")`);
    await queryRunner.query(
      `CREATE INDEX "idx_vendors_name_trgm" ON "vendors" USING gin (lower("vendor_name") gin_trgm_ops)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."idx_vendors_name_trgm"`);
    await queryRunner.query(`DROP INDEX "public"."idx_vendors_lower_name_id"`);
    await queryRunner.query(`CREATE INDEX "idx_vendors_name_id" ON "vendors" ("vendor_name", "id")`);
    // pg_trgm stays: other objects of the database may use it.
  }
}
