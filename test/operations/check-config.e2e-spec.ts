import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../support/built-app';
import { PRODUCTION_SETTINGS } from '../support/production-settings';

/** `check-config`, run before a deploy: every setting to fix at once, from the environment and `.env`. */
describe('npm run cli -- check-config (e2e)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'check-config-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const shell = { PATH: process.env.PATH, HOME: process.env.HOME };

  it('lists every missing or invalid setting, from the environment and .env alike, and exits 1', async () => {
    writeFileSync(join(dir, '.env'), 'JWT_SECRET=too-short\nSECRETS_KEY=not-a-key\n');
    const result = await runCli(['check-config'], { ...shell, NODE_ENV: 'production', PORT: 'eighty' }, dir);
    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr: [
        '8 setting(s) to fix:',
        '- PORT must be a number',
        '- JWT_SECRET length must be at least 32 characters long',
        '- SECRETS_KEY must be 32 random bytes in base64 (openssl rand -base64 32)',
        '- SUPPRESSION_KEY is required when NODE_ENV=production',
        '- SMTP_URL is required when NODE_ENV=production, unless MAIL_TO_LOG=true sends e-mails to the log',
        '- OPERATOR_NAME is required when NODE_ENV=production',
        '- OPERATOR_MAILING_ADDRESS is required when NODE_ENV=production',
        '- OPERATOR_CONTACT is required when NODE_ENV=production',
        '',
      ].join('\n'),
    });
  });

  it('says the configuration is valid, exit code 0, when production has everything it requires', async () => {
    rmSync(join(dir, '.env'));
    const result = await runCli(['check-config'], { ...shell, ...PRODUCTION_SETTINGS }, dir);
    expect(result).toEqual({ code: 0, stdout: 'The configuration is valid.\n', stderr: '' });
  });
});
