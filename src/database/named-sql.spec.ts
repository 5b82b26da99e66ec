import { NamedSql } from './named-sql';

describe('NamedSql', () => {
  it('numbers each name once, in order of first use, leaving ::type casts alone', () => {
    const statement = new NamedSql(
      `SELECT * FROM leads WHERE date_created <= :now::timestamptz - :age::interval AND vendor_id = :vendorId
         AND date_modified <= :now::timestamptz`,
    );
    expect(statement.text).toBe(
      `SELECT * FROM leads WHERE date_created <= $1::timestamptz - $2::interval AND vendor_id = $3
         AND date_modified <= $1::timestamptz`,
    );
    const now = new Date('2026-03-02T15:00:00Z');
    expect(statement.bind({ vendorId: 7, age: '72 hours', now, unused: 'left out' })).toEqual({
      sql: statement.text,
      parameters: [now, '72 hours', 7],
    });
  });

  it('refuses to bind without a value for every name it uses (null is a value)', () => {
    const statement = new NamedSql('UPDATE leads SET decline_reason = :reason WHERE id = :id');
    expect(statement.bind({ id: 1, reason: null }).parameters).toEqual([null, 1]);
    expect(() => statement.bind({ id: 1 })).toThrow('No value for the SQL parameter :reason.');
  });

  it('marks the statements of a hot read to be run prepared, and only those', () => {
    const prepared = new NamedSql('SELECT * FROM vendors WHERE id = :id', { prepare: true });
    expect(prepared.bind({ id: 7 })).toEqual({ sql: prepared.text, parameters: [7], prepare: true });
    expect(new NamedSql('SELECT 1').bind()).toEqual({ sql: 'SELECT 1', parameters: [] });
  });

  it('numbers the names given first in their order, the others after them', () => {
    const statement = new NamedSql('SELECT * FROM t WHERE a = :a AND b = :b AND c = :c', {
      numbering: ['c', 'x', 'b'],
    });
    expect(statement.text).toBe('SELECT * FROM t WHERE a = $3 AND b = $2 AND c = $1');
    expect(statement.bind({ a: 1, b: 2, c: 3 }).parameters).toEqual([3, 2, 1]);
  });
});
