import type { EntityManager } from 'typeorm';

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
  /** A vendor's KPI rollups; taken by the KpiRollups migration's triggers, which write the number out. */
  KpiRollups = 727_301,
  /** One provider MessageSid (hashed): the provider's retry of a text while the first is being recorded. */
  InboundSms = 727_401,
}

/** Held to the end of the manager's transaction: work on the same (space, id) runs one after the other. */
export async function lockUntilCommit(manager: EntityManager, space: LockSpace, id: number): Promise<void> {
  await manager.query('SELECT pg_advisory_xact_lock($1, $2)', [space, id]);
}
