import type { DataSource } from 'typeorm';
import { DATABASE_SQL } from './database.sql';
import type { Sql } from './sql';

/**
 * First keys of the service's two-key transaction locks, kept in one place so that no two uses ever
 * share one (the migration lock and the webhook endpoint lock use the one-key space, which PostgreSQL
 * keeps apart from this one).
 */
export enum LockSpace {
  ReviewRequestDuplicates = 727_101,
  FeedbackRequestDuplicates = 727_102,
  /** One friend's address at one vendor (hashed): two customers inviting the same friend at once. */
  FriendInvitations = 727_103,
  GoogleRankImage = 727_201,
  /** A vendor's KPI counts, while a transaction's are folded in at its commit (written out by the KpiCountsAtCommit migration). */
  KpiRollups = 727_301,
  /** One provider MessageSid (hashed): the provider's retry of a text while the first is being recorded. */
  InboundSms = 727_401,
  /** One phone (hashed): two messages to it taking their pool numbers at once (SmsSenderUsesLocked migration). */
  SmsSenderPairs = 727_402,
  /** One account's Idempotency-Key (hashed): held by the request running with it (IdempotencyKeyHeld migration). */
  IdempotencyKey = 727_501,
}

/** Held to the end of the caller's transaction: work on the same (space, id) runs one after the other. */
export async function lockUntilCommit(sql: Sql, space: LockSpace, id: number): Promise<void> {
  await sql.run(DATABASE_SQL.lock.bind({ space, id }));
}

/** `lockUntilCommit` on a text (an address, a provider's id), by its hash. */
export async function lockTextUntilCommit(sql: Sql, space: LockSpace, key: string): Promise<void> {
  await sql.run(DATABASE_SQL.lockText.bind({ space, key }));
}

/** One-key lock held for the whole retention pass (the migrations' key, in migrate.ts, is another). */
export const RETENTION_PASS_LOCK_KEY = 727_002;

/**
 * Runs `work` unless another process holds `key`, and answers undefined then. As the migrations' lock,
 * it is a transaction lock held by a transaction kept open on a connection of its own around the work,
 * so it ends with that transaction, a crash included, also behind PgBouncer in transaction mode. The
 * holder runs no statement meanwhile, so at read committed it keeps no snapshot that would hold back vacuum.
 */
export async function unlessLocked<T>(
  dataSource: DataSource,
  key: number,
  work: () => Promise<T>,
): Promise<T | undefined> {
  const holder = dataSource.createQueryRunner();
  await holder.connect();
  try {
    await holder.startTransaction();
    try {
      const tryLock = DATABASE_SQL.tryLock.bind({ key });
      const { records } = await holder.query(tryLock.sql, tryLock.parameters, true);
      return (records as { locked: boolean }[])[0].locked ? await work() : undefined;
    } finally {
      await holder.commitTransaction();
    }
  } finally {
    await holder.release();
  }
}
