import { Logger } from '@nestjs/common';
import { performance } from 'node:perf_hooks';
import { SLOW_QUERY_MS } from './data-source.options';
import type { PgPool } from './pg-pool';
import { Sql } from './sql';

describe('Sql', () => {
  const query = jest.fn();
  const sql = new Sql({ pool: { query } } as unknown as PgPool);
  const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  const debug = jest.spyOn(Logger.prototype, 'debug').mockImplementation(() => undefined);
  const error = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
  afterEach(() => jest.clearAllMocks());

  it('answers the rows and the row count of the pool’s result', async () => {
    query.mockResolvedValue({ rows: [{ id: 1 }, { id: 2 }], rowCount: 2 });
    const statement = { sql: 'SELECT id FROM leads WHERE vendor_id = $1', parameters: [7] };
    await expect(sql.run(statement)).resolves.toEqual({ rows: [{ id: 1 }, { id: 2 }], rowCount: 2 });
    await expect(sql.rows(statement)).resolves.toEqual([{ id: 1 }, { id: 2 }]);
    expect(query).toHaveBeenCalledWith({ text: statement.sql, values: [7] });
    expect(warn).not.toHaveBeenCalled();
  });

  it('runs a statement marked prepare as a named prepared statement, one name per text', async () => {
    query.mockResolvedValue({ rows: [], rowCount: 0 });
    const list = { sql: 'SELECT id FROM leads WHERE vendor_id = $1', parameters: [7], prepare: true };
    const counts = { sql: 'SELECT count(*) FROM leads WHERE vendor_id = $1', parameters: [7], prepare: true };
    for (const statement of [list, { ...list, parameters: [8] }, counts]) await sql.run(statement);
    const [[first], [again], [other]] = query.mock.calls as [{ name?: string; text: string; values: unknown[] }][];
    expect(first).toEqual({ name: expect.stringMatching(/^s_[\w-]+$/), text: list.sql, values: [7] });
    expect(again).toEqual({ ...first, values: [8] });
    expect(other.name).toEqual(expect.stringMatching(/^s_[\w-]+$/));
    expect(other.name).not.toBe(first.name);
  });

  it('logs a slow statement with its SQL but never its parameters', async () => {
    query.mockResolvedValue({ rows: [], rowCount: null });
    jest
      .spyOn(performance, 'now')
      .mockReturnValueOnce(0)
      .mockReturnValueOnce(SLOW_QUERY_MS + 500);
    const result = await sql.run({ sql: 'SELECT * FROM leads WHERE customer_email = $1', parameters: ['jane@x.ca'] });
    expect(result.rowCount).toBe(0);
    expect(warn).toHaveBeenCalledWith('Slow statement (1500 ms): SELECT * FROM leads WHERE customer_email = $1');
    expect(JSON.stringify(warn.mock.calls)).not.toContain('jane@x.ca');
  });

  it('logs a failed statement as TypeORM logs its own: a constraint violation at debug, else at error', async () => {
    const statement = { sql: 'INSERT INTO review_settings (vendor_id) VALUES ($1)', parameters: ['jane@x.ca'] };
    const foreignKey = Object.assign(new Error('violates foreign key constraint'), { code: '23503' });
    query.mockRejectedValueOnce(foreignKey);
    await expect(sql.run(statement)).rejects.toBe(foreignKey);
    expect(debug).toHaveBeenCalledWith(
      `Constraint violation answered by its caller: Error: violates foreign key constraint; query: ${statement.sql}`,
    );
    const timeout = Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });
    query.mockRejectedValueOnce(timeout);
    await expect(sql.run(statement)).rejects.toBe(timeout);
    expect(error).toHaveBeenCalledWith(
      `Statement failed (Error: canceling statement due to statement timeout): ${statement.sql}`,
    );
    expect(JSON.stringify([debug.mock.calls, error.mock.calls])).not.toContain('jane@x.ca');
  });
});
