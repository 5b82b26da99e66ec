import { MigrationInterface, QueryRunner } from 'typeorm';

/** The French labels of a vendor's Google review listings; empty: the label reads the same in French. */
export class ReviewLabelsInFrench1795850000000 implements MigrationInterface {
  name = 'ReviewLabelsInFrench1795850000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "review_settings" ADD "primary_google_review_label_fr" character varying(100) NOT NULL DEFAULT ''`,
    );
    await queryRunner.query(`ALTER TABLE "review_locations" ADD "label_fr" character varying(100) NOT NULL DEFAULT ''`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "review_locations" DROP COLUMN "label_fr"`);
    await queryRunner.query(`ALTER TABLE "review_settings" DROP COLUMN "primary_google_review_label_fr"`);
  }
}
