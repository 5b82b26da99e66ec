import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { assertBuilt, root } from '../support/built-app';
import { freePort, waitUntil } from '../support/net';
import { checkReceived } from '../support/response-contract';

jest.setTimeout(300_000);

const runBash = promisify(execFile);

/** The bash blocks of a README section (up to its next heading), as written. */
function bashBlocksOf(heading: string): string[] {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const section = new RegExp(`^${heading}\\n([\\s\\S]*?)^#{1,3} `, 'm').exec(readme)?.[1];
  if (!section) throw new Error(`README.md has no "${heading}" section followed by another heading`);
  return [...section.matchAll(/^```bash\n([\s\S]*?)^```$/gm)].map(([, block]) => block);
}

/** What a new user's shell has: no DATABASE_URL or JWT_SECRET, so the server runs its own PostgreSQL. */
function userEnv(dataDir: string, port: number): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, PORT: String(port) };
}

/**
 * The README's quick start, run as a reader runs it: the first block in the background as the first
 * terminal, the second block verbatim once the server has said it listens. A fresh data directory
 * stands for the fresh clone's `./.data`; `PORT` and `BASE` are set as the README says to when 3000 is
 * not free. The first block's `npm ci` is the install this test run stands on: running it again would
 * replace the node_modules the other test files are using.
 */
describe('README quick start', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'readme-quick-start-'));
  chmodSync(dataDir, 0o755); // PostgreSQL runs as `postgres` when the tests run as root
  let server: ChildProcess | undefined;
  let serverOutput = '';

  afterAll(async () => {
    if (server?.pid && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      process.kill(-server.pid, 'SIGTERM');
      await exited;
    }
    // The embedded PostgreSQL removes its pid file once it has stopped.
    const stopped = (): Promise<boolean> => Promise.resolve(!existsSync(join(dataDir, 'postgres', 'postmaster.pid')));
    await waitUntil(stopped, 60_000);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers the vendor API call with the assigned lead, and the lead with a message', async () => {
    assertBuilt();
    const [install, client, ...rest] = bashBlocksOf('## Quick start');
    expect(rest).toEqual([]);
    const [answerLead, ...more] = bashBlocksOf('### Answer a lead');
    expect(more).toEqual([]);
    const installLines = install.trim().split('\n');
    expect(installLines).toEqual(['npm ci', 'npm start']);

    const port = await freePort();
    server = spawn('bash', ['-c', installLines[1]], {
      cwd: root,
      env: userEnv(dataDir, port),
      detached: true, // its own process group, so npm, the server and PostgreSQL stop together
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (chunk: Buffer) => (serverOutput += chunk.toString()));
    server.stderr!.on('data', (chunk: Buffer) => (serverOutput += chunk.toString()));
    const listening = (): Promise<boolean> => {
      if (server!.exitCode !== null) throw new Error(`npm start exited with ${server!.exitCode}:\n${serverOutput}`);
      return Promise.resolve(serverOutput.includes(`Listening on http://localhost:${port}`));
    };
    await waitUntil(listening, 240_000);

    // "Answer a lead" continues in the same terminal, with the quick start's variables.
    const { stdout } = await runBash('bash', ['-c', `${client}\n${answerLead}`], {
      cwd: root,
      env: { ...userEnv(dataDir, port), BASE: `http://localhost:${port}` },
      timeout: 240_000,
    });

    // Every call's answer is printed: the lead assigned, the vendor's lead list, then the accept, the
    // message written and the conversation.
    const answers = stdout.split(/(?=\{"success")/);
    expect(answers).toHaveLength(5);
    checkReceived('GET', '/rest-api-v1/general-leads', 200, 'application/json; charset=utf-8', answers[1]);
    const answer = JSON.parse(answers[1]) as { success: boolean; data: { content: { customerName: string }[] } };
    expect(answer.success).toBe(true);
    expect(answer.data.content.map(({ customerName }) => customerName)).toEqual(['Olivia Tremblay']);

    const conversation = answers[4];
    checkReceived(
      'GET',
      '/rest-api-v1/general-leads/{leadId}/messages',
      200,
      'application/json; charset=utf-8',
      conversation,
    );
    type Conversation = { data: { content: { direction: string; channel: string; body: string }[] } };
    const messages = (JSON.parse(conversation) as Conversation).data.content;
    expect(messages.map(({ direction, channel }) => ({ direction, channel }))).toEqual([
      { direction: 'outbound', channel: 'email' },
    ]);
    expect(messages[0].body).toMatch(/^Hi Olivia, thanks for your request!/);
  });
});
