import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A person's `message.failed` events found by the request their message was for
 * (docs/contract.md#data-rights), without scanning the events.
 */
export class MessageFailedEventsIndex1795690400000 implements MigrationInterface {
  name = 'MessageFailedEventsIndex1795690400000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "idx_events_message_failed" ON events (("data"->>'requestId'), ("data"->>'purpose')) WHERE "type" = 'message.failed'`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_events_message_failed"`);
  }
}
