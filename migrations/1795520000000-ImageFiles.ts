import { MigrationInterface, QueryRunner } from 'typeorm';

/** Image files stored in PostgreSQL (IMAGE_STORAGE=postgres), so that every instance serves every image. */
export class ImageFiles1795520000000 implements MigrationInterface {
  name = 'ImageFiles1795520000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "image_files" (
        "key" character varying(64) NOT NULL,
        "data" bytea NOT NULL,
        "size" integer NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_image_files" PRIMARY KEY ("key")
      )`);
    // JPEG, PNG and WebP are compressed already: TOAST them out of line without trying to compress again.
    await queryRunner.query(`ALTER TABLE "image_files" ALTER COLUMN "data" SET STORAGE EXTERNAL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "image_files"`);
  }
}
