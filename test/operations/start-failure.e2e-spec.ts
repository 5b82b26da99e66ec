import { runMainToExit } from '../support/built-app';
import { freePort } from '../support/net';
import { PRODUCTION_SETTINGS } from '../support/production-settings';
import { testServerUrl } from '../support/test-database';

jest.setTimeout(60_000);

/** A start that cannot reach its database ends at once, saying which one in one line, and fails. */
describe('start with a DATABASE_URL that does not work (built server)', () => {
  const start = (databaseUrl: string) =>
    runMainToExit({ PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: databaseUrl, PORT: '0' });

  const expectOneLine = (output: { code: number; stdout: string; stderr: string }, says: string) => {
    expect(output.code).toBe(1);
    expect(output.stdout).toBe('');
    expect(output.stderr.trim().split('\n')).toEqual([`The service failed to start: ${says}`]);
    expect(output.stderr).not.toContain('not-logged');
  };

  it('names host, port and database of an address nothing listens on, without the password', async () => {
    const port = await freePort();
    const output = await start(`postgres://someone:not-logged@127.0.0.1:${port}/test_nowhere`);
    expectOneLine(
      output,
      `Cannot connect to PostgreSQL at 127.0.0.1:${port}/test_nowhere as someone: connect ECONNREFUSED 127.0.0.1:${port}`,
    );
  });

  it("names a database the server does not have, with PostgreSQL's reason", async () => {
    const server = new URL(testServerUrl());
    server.pathname = '/test_no_such_database';
    server.password ||= 'not-logged'; // a server that checks passwords (the embedded one) gets its own
    const output = await start(server.toString());
    expectOneLine(
      output,
      `Cannot connect to PostgreSQL at ${server.hostname}:${server.port || 5432}/test_no_such_database as ` +
        `${server.username}: database "test_no_such_database" does not exist`,
    );
  });
});

describe('start in production without SMTP_URL (built server)', () => {
  const { SMTP_URL: _smtp, MAIL_FROM: _from, ...withoutMail } = PRODUCTION_SETTINGS;
  const shell = { PATH: process.env.PATH, HOME: process.env.HOME, PORT: '0' };

  it('stops at once with one sentence, rather than write customers’ e-mails to the log', async () => {
    const output = await runMainToExit({
      ...shell,
      ...withoutMail,
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
    });
    expect(output.code).toBe(1);
    expect(output.stderr.trim().split('\n')).toEqual([
      'The service failed to start: Config validation error: SMTP_URL is required when NODE_ENV=production, ' +
        'unless MAIL_TO_LOG=true sends e-mails to the log',
    ]);
  });
});
