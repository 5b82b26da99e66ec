import { MigrationInterface, QueryRunner } from 'typeorm';

/** The review request of a won lead (CONTRACT 10): the lead it records, and the automation's one row per lead. */
export class JobWonReviewRequests1795500000002 implements MigrationInterface {
  name = 'JobWonReviewRequests1795500000002';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "review_requests" ADD "lead_id" bigint`);
    await queryRunner.query(
      `CREATE TYPE "public"."job_won_outcome" AS ENUM('CREATED', 'DUPLICATE', 'OPTED_OUT', 'FEATURE_DISABLED', 'NO_CONTACT')`,
    );
    await queryRunner.query(`
      CREATE TABLE "job_won_review_requests" (
        "lead_id" bigint NOT NULL,
        "vendor_id" integer NOT NULL,
        "due_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "outcome" "public"."job_won_outcome",
        "review_request_id" bigint,
        "settled_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "PK_job_won_review_requests" PRIMARY KEY ("lead_id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "idx_job_won_review_requests_due" ON "job_won_review_requests" ("due_at") WHERE "outcome" IS NULL`,
    );
    await queryRunner.query(`
      ALTER TABLE "job_won_review_requests" ADD CONSTRAINT "fk_job_won_review_requests_vendor"
      FOREIGN KEY ("vendor_id") REFERENCES "vendors"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "job_won_review_requests"`);
    await queryRunner.query(`DROP TYPE "public"."job_won_outcome"`);
    await queryRunner.query(`ALTER TABLE "review_requests" DROP COLUMN "lead_id"`);
  }
}
