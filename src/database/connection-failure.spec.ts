import { connectionFailure } from './connection-failure';

describe('connectionFailure', () => {
  it('names host, port, database and user, never the password', () => {
    const error = connectionFailure('postgres://app:s3cret@db.example:6543/leads', new Error('connect ECONNREFUSED'));
    expect(error.message).toBe('Cannot connect to PostgreSQL at db.example:6543/leads as app: connect ECONNREFUSED');
    expect(error.message).not.toContain('s3cret');
  });

  it("gives PostgreSQL's default port and lists every address's reason once", () => {
    const refused = new AggregateError([new Error('connect ECONNREFUSED ::1'), new Error('connect ECONNREFUSED ::1')]);
    expect(connectionFailure('postgresql://localhost/x', refused).message).toBe(
      'Cannot connect to PostgreSQL at localhost:5432/x: connect ECONNREFUSED ::1',
    );
  });
});
