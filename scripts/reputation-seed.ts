import type { DataSource } from 'typeorm';

/**
 * Bulk reputation data in a few INSERT ... SELECT generate_series statements: for each vendor,
 * `processesPerVendor` journeys, one started every `spacing` going back from now, in a realistic mix,
 * each with its request rows and one event per step, as the service itself would have stored them.
 *
 * Per journey, with independent pseudo-random draws: a third are standalone review requests, the
 * rest feedback requests; 70% of those are answered with a rating spread over 1..5 (60% would
 * refer). A standalone request or a 4-5 rating reaches the review question; 83% answer it, 75% of
 * them "yes" (one review-link click on a random site, 40% a second one on Google), 60% of those
 * confirm a review and get a referral request; half of those refer a friend (by email, text or
 * share) and a third of the referrals convert. A rating of 1-3 or a "no" completes the journey;
 * 5% of the journeys still open are opted out.
 *
 * Ids are given explicitly from `firstId` (the caller keeps ranges apart), so the rows of one
 * journey can be joined without looking them up.
 */
export async function seedReputation(
  dataSource: DataSource,
  vendorIds: number[],
  processesPerVendor: number,
  firstId: number,
  spacing = '5 minutes',
): Promise<void> {
  // pg_temp.draw(n, salt): a stable pseudo-random 0..99 per journey and decision, independent across salts.
  await dataSource.query(
    `CREATE OR REPLACE FUNCTION pg_temp.draw(n bigint, salt text) RETURNS int
       LANGUAGE sql IMMUTABLE AS $$ SELECT abs(hashtext(salt || n)) % 100 $$`,
  );
  await dataSource.query('DROP TABLE IF EXISTS seed_journey');
  await dataSource.query(
    `CREATE TEMP TABLE seed_journey AS
     SELECT *,
            coalesce(rating <= 3, false) OR (review_answered AND NOT happy) AS negative,
            coalesce(rating <= 3, false) OR (review_answered AND NOT happy) OR confirmed AS completed
       FROM (
         SELECT *, happy AND pg_temp.draw(n, 'confirm') < 60 AS confirmed,
                happy AND pg_temp.draw(n, 'confirm') < 60 AND pg_temp.draw(n, 'refer') < 50 AS referred,
                happy AND pg_temp.draw(n, 'confirm') < 60 AND pg_temp.draw(n, 'refer') < 50 AND pg_temp.draw(n, 'convert') < 33 AS converted
           FROM (
             SELECT *, review_answered AND pg_temp.draw(n, 'happy') < 75 AS happy
               FROM (
                 SELECT *, review_reached AND pg_temp.draw(n, 'answer') < 83 AS review_answered
                   FROM (
                     SELECT *, standalone OR coalesce(rating >= 4, false) AS review_reached
                       FROM (
                         SELECT n, $2::bigint + n AS id, ($3::int[])[1 + n % cardinality($3::int[])] AS vendor_id,
                                now() - (n / cardinality($3::int[])) * $4::interval AS t0,
                                pg_temp.draw(n, 'origin') < 33 AS standalone,
                                CASE WHEN pg_temp.draw(n, 'origin') >= 33 AND pg_temp.draw(n, 'rate') < 70
                                     THEN 1 + pg_temp.draw(n, 'stars') % 5 END AS rating,
                                pg_temp.draw(n, 'refers') < 60 AS would_refer,
                                pg_temp.draw(n, 'opt-out') < 5 AS opts_out,
                                (ARRAY['EMAIL', 'TEXT', 'SHARE'])[1 + pg_temp.draw(n, 'channel') % 3] AS channel,
                                (ARRAY['GOOGLE', 'FACEBOOK', 'BBB', 'OTHER'])[1 + pg_temp.draw(n, 'site') % 4] AS site,
                                pg_temp.draw(n, 'clicks') < 40 AS clicks_twice
                           FROM generate_series(0, $1 * cardinality($3::int[]) - 1) AS n
                       ) AS base
                   ) AS reached
               ) AS answered
           ) AS happiness
       ) AS journey`,
    [processesPerVendor, firstId, vendorIds, spacing],
  );
  await dataSource.query(
    `INSERT INTO reputation_processes (id, vendor_id, token, origin, state, step, first_name, email, phone,
                                       started_at, ended_at, termination_reason, opted_out_at)
     SELECT id, vendor_id, lpad(to_hex(id), 24, '0'),
            (CASE WHEN standalone THEN 'REVIEW_REQUEST' ELSE 'FEEDBACK_REQUEST' END)::reputation_process_origin,
            (CASE WHEN completed THEN 'COMPLETED' WHEN opts_out THEN 'TERMINATED' ELSE 'IN_PROGRESS' END)
              ::reputation_process_state,
            (CASE WHEN confirmed THEN 'REFERRAL' WHEN negative THEN 'FINISHED' WHEN happy THEN 'REVIEW_LINKS'
                  WHEN review_reached THEN 'REVIEW_QUESTION' ELSE 'FEEDBACK' END)::reputation_journey_step,
            'Customer', 'customer' || id || '@seed.example', '416-555-0100', t0,
            CASE WHEN rating <= 3 THEN t0 + interval '1 hour' WHEN review_answered AND NOT happy
                 THEN t0 + interval '2 hours' WHEN confirmed THEN t0 + interval '3 hours'
                 WHEN opts_out THEN t0 + interval '1 day' END,
            CASE WHEN NOT completed AND opts_out THEN 'OPTED_OUT'::reputation_termination_reason END,
            CASE WHEN NOT completed AND opts_out THEN t0 + interval '1 day' END
       FROM seed_journey`,
  );
  await dataSource.query(
    `INSERT INTO feedback_requests (vendor_id, process_id, customer_name, email, phone, created_at, answered_at,
                                    rating, would_refer)
     SELECT vendor_id, id, 'Customer ' || n, 'customer' || id || '@seed.example', '416-555-0100', t0,
            CASE WHEN rating IS NOT NULL THEN t0 + interval '1 hour' END, rating,
            CASE WHEN rating IS NOT NULL THEN would_refer END
       FROM seed_journey WHERE NOT standalone`,
  );
  await dataSource.query(
    `INSERT INTO review_requests (vendor_id, process_id, first_name, email, phone, created_at, happy, answered_at,
                                  confirmed_at)
     SELECT vendor_id, id, 'Customer', 'customer' || id || '@seed.example', '416-555-0100',
            t0 + CASE WHEN standalone THEN interval '0' ELSE interval '1 hour' END,
            CASE WHEN review_answered THEN happy END,
            CASE WHEN review_answered THEN t0 + interval '2 hours' END,
            CASE WHEN confirmed THEN t0 + interval '3 hours' END
       FROM seed_journey WHERE review_reached`,
  );
  await dataSource.query(
    `INSERT INTO referral_requests (id, vendor_id, process_id, created_at, completed_at, completed_channel)
     SELECT id, vendor_id, id, t0 + interval '3 hours', CASE WHEN referred THEN t0 + interval '4 hours' END,
            CASE WHEN referred THEN channel::referral_request_channel END
       FROM seed_journey WHERE confirmed`,
  );
  // The referral request's email, as the outbox keeps it: 3% failed for good, the rest sent.
  await dataSource.query(
    `INSERT INTO notification_outbox (vendor_id, purpose, subject_id, channel, recipient, subject, text, html,
                                      unsubscribe_url, message_key, status, attempts, sent_at, last_error, created_at)
     SELECT vendor_id, 'REFERRAL_REQUEST', id, 'EMAIL', 'customer' || id || '@seed.example', 'Refer a friend', 'Refer a friend',
            NULL, 'https://seed.example/r/unsubscribe', gen_random_uuid(),
            (CASE WHEN pg_temp.draw(n, 'delivery') < 3 THEN 'FAILED' ELSE 'SENT' END)::notification_status, 1,
            CASE WHEN pg_temp.draw(n, 'delivery') >= 3 THEN t0 + interval '3 hours' END,
            CASE WHEN pg_temp.draw(n, 'delivery') < 3 THEN 'The mail server refused the recipient' END,
            t0 + interval '3 hours'
       FROM seed_journey WHERE confirmed`,
  );
  await dataSource.query(
    `INSERT INTO referrals (id, vendor_id, referral_request_id, channel, token, friend_email, friend_phone, created_at)
     SELECT id, vendor_id, id, channel::referral_channel, lpad(to_hex(id), 23, '0') || 'f',
            CASE WHEN channel = 'EMAIL' THEN 'friend' || id || '@seed.example' END,
            CASE WHEN channel = 'TEXT' THEN '905-555-0100' END, t0 + interval '4 hours'
       FROM seed_journey WHERE referred`,
  );
  await dataSource.query(
    `INSERT INTO referral_conversions (vendor_id, referral_id, name, email, created_at)
     SELECT vendor_id, id, 'Friend', 'friend' || id || '@seed.example', t0 + interval '2 days'
       FROM seed_journey WHERE converted`,
  );
  await dataSource.query(
    `INSERT INTO reputation_events (vendor_id, process_id, type, occurred_at, rating, would_refer, platform, channel)
     SELECT vendor_id, id, step.kind::reputation_event_type, step.at, step.stars, step.refer, step.site::review_platform,
            step.via::reputation_event_channel
       FROM seed_journey,
            LATERAL (VALUES
              (CASE WHEN standalone THEN 'REVIEW_REQUESTED' ELSE 'FEEDBACK_REQUESTED' END, t0, NULL::smallint,
               NULL::boolean, NULL, NULL),
              (CASE WHEN rating IS NOT NULL THEN 'FEEDBACK_ANSWERED' END, t0 + interval '1 hour', rating::smallint,
               would_refer, NULL, NULL),
              (CASE WHEN review_reached AND NOT standalone THEN 'REVIEW_REQUESTED' END, t0 + interval '1 hour',
               NULL, NULL, NULL, NULL),
              (CASE WHEN review_answered THEN CASE WHEN happy THEN 'REVIEW_YES' ELSE 'REVIEW_NO' END END,
               t0 + interval '2 hours', NULL, NULL, NULL, NULL),
              (CASE WHEN happy THEN 'REVIEW_LINK_CLICKED' END, t0 + interval '2 hours 1 minute', NULL, NULL, site,
               NULL),
              (CASE WHEN happy AND clicks_twice THEN 'REVIEW_LINK_CLICKED' END, t0 + interval '2 hours 2 minutes', NULL,
               NULL, 'GOOGLE', NULL),
              (CASE WHEN confirmed THEN 'REVIEW_CONFIRMED' END, t0 + interval '3 hours', NULL, NULL, NULL, NULL),
              (CASE WHEN confirmed THEN 'REFERRAL_REQUESTED' END, t0 + interval '3 hours', NULL, NULL, NULL, NULL),
              (CASE WHEN referred THEN 'FRIEND_REFERRED' END, t0 + interval '4 hours', NULL, NULL, NULL, channel),
              (CASE WHEN converted THEN 'REFERRAL_CONVERTED' END, t0 + interval '2 days', NULL, NULL, NULL, NULL),
              (CASE WHEN NOT completed AND opts_out THEN 'OPTED_OUT' END, t0 + interval '1 day', NULL, NULL, NULL,
               NULL)
            ) AS step(kind, at, stars, refer, site, via)
      WHERE step.kind IS NOT NULL`,
  );
  await dataSource.query('DROP TABLE seed_journey');
}

/** After explicit ids, the identity sequences continue past them. */
export async function resetReputationSequences(dataSource: DataSource): Promise<void> {
  for (const table of ['reputation_processes', 'referral_requests', 'referrals']) {
    await dataSource.query(
      `SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT coalesce(max(id), 0) + 1 FROM ${table}), false)`,
    );
  }
}
