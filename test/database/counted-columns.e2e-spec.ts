import type { DataSource } from 'typeorm';
import type { ChangeCounter } from '../../src/database/change-count';
import { FEEDBACK_COUNTS_CHANGES, incompleteFeedbackStatement } from '../../src/feedback/feedback.sql';
import {
  RESPONSE_TIMES_CHANGES,
  responseTimesStatement,
  responseTimesValidUntilStatement,
} from '../../src/leads/lead-response-times.sql';
import { REFERRAL_COUNTS_CHANGES, referralCountsStatement } from '../../src/referrals/referral-counts.sql';
import { PROCESS_COUNTS_CHANGES, processCountStatements } from '../../src/reputation/process-counts.sql';
import { TestApp, createTestApp } from '../support/test-app';

const now = new Date('2026-06-15T12:00:00Z');
const window = { from: new Date('2026-03-17T12:00:00Z'), until: now };
const timing = { expiryHours: 72, statusReminderDays: 14 };

/** Each remembered figure's count of changes, and the SQL of the statements that compute the figure. */
const COUNTED: [name: string, counter: ChangeCounter, statements: string[]][] = [
  [
    'response times',
    RESPONSE_TIMES_CHANGES,
    [
      responseTimesStatement(timing, now, 1, window).sql,
      responseTimesValidUntilStatement(timing, now, 1, { ...window, startMoves: true, endsNow: true }).sql,
    ],
  ],
  ['process KPIs', PROCESS_COUNTS_CHANGES, processCountStatements(1, window).map((statement) => statement.sql)],
  ['feedback KPIs', FEEDBACK_COUNTS_CHANGES, [incompleteFeedbackStatement(1, window).sql]],
  ['referral KPIs', REFERRAL_COUNTS_CHANGES, [referralCountsStatement(1, window, []).sql]],
];

/** The installed trigger function of `table` that counts into the counter, as PostgreSQL prints it. */
async function triggerFunction(dataSource: DataSource, table: string, counter: ChangeCounter) {
  const triggers: { name: string; operation: string; definition: string }[] = await dataSource.query(
    `SELECT t.tgname AS name, pg_get_triggerdef(t.oid) AS operation, pg_get_functiondef(t.tgfoid) AS definition
       FROM pg_trigger t WHERE t.tgrelid = $1::regclass AND NOT t.tgisinternal`,
    [table],
  );
  const counting = triggers.filter(({ definition }) =>
    new RegExp(`INSERT INTO ${counter.table}(?:_pending)?\\b[^;]*\\b${counter.column}\\b`).test(definition),
  );
  return {
    definitions: new Set(counting.map(({ definition }) => definition)),
    operations: counting.map(({ operation }) => /AFTER (\w+)/.exec(operation)?.[1]).sort(),
  };
}

/** The columns an update must change to be counted: the row tuple the function compares old and new by. */
const comparedColumns = (definition: string): string[] =>
  [...(/\(((?:o\.\w+,\s*)*o\.\w+)\)\s+IS DISTINCT FROM/.exec(definition)?.[1] ?? '').matchAll(/o\.(\w+)/g)].map(
    ([, column]) => column,
  );

/**
 * The figures remembered by each instance (docs/performance.md) are exact only while the triggers count
 * every change to what their statements read: each list of counted columns is the one its installed
 * trigger function compares, and every column of the table the statements name is in it.
 */
describe('Counted columns and their triggers (e2e)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each(COUNTED)('%s: the trigger of each table read compares exactly the counted columns', async (_, counter) => {
    for (const { table, columns } of counter.reads) {
      const { definitions, operations } = await triggerFunction(t.dataSource, table, counter);
      expect({ table, operations }).toEqual({ table, operations: ['DELETE', 'INSERT', 'UPDATE'] });
      expect(definitions.size).toBe(1);
      const [definition] = definitions;
      expect({ table, compared: comparedColumns(definition).sort() }).toEqual({ table, compared: [...columns].sort() });
    }
  });

  it.each(COUNTED)('%s: every column of a table read that the statements name is counted', async (_, counter, sqls) => {
    const statements = sqls.join('\n');
    for (const { table, columns } of counter.reads) {
      const all: { name: string }[] = await t.dataSource.query(
        `SELECT column_name AS name FROM information_schema.columns WHERE table_name = $1`,
        [table],
      );
      const named = all
        .map(({ name }) => name)
        .filter((name) => name !== 'id' && new RegExp(`\\b${name}\\b`).test(statements));
      expect({ table, uncounted: named.filter((name) => !columns.includes(name)) }).toEqual({ table, uncounted: [] });
    }
  });
});
