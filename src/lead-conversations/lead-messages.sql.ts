import { NamedSql } from '../database/named-sql';
import type { WalkedRow } from '../common/privacy/retention-walk';

export const LEAD_MESSAGE_SQL = {
  /**
   * Retention: the words :erased on the messages among the next :limit after the message :afterId
   * written or received before :cutoff, and whether each of the batch was (old) or was too young.
   */
  blankBodiesBefore: new NamedSql<WalkedRow>(`
    WITH batch AS (
      SELECT id, at < :cutoff AND coalesce(send_after, at) < :cutoff AND body <> :erased::text AS old, at >= :cutoff AS young
        FROM lead_messages WHERE id > :afterId ORDER BY id LIMIT :limit),
    blanked AS (
      UPDATE lead_messages m SET body = :erased::text FROM batch WHERE m.id = batch.id AND batch.old RETURNING m.id)
    SELECT id, old, young FROM batch ORDER BY id`),
};
