import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { productionRequiredSettings } from '../../src/config/env.validation';
import { root } from '../support/built-app';
import { BuiltServer } from '../support/built-server';
import { composeFile, serviceEnvironment } from '../support/compose-file';
import { PRODUCTION_SETTINGS } from '../support/production-settings';
import { describeWithRedis, sharedRedisUrl } from '../support/redis-server';
import { SmtpSink } from '../support/smtp-sink';

const { NODE_ENV: _production, ...operatorValues } = PRODUCTION_SETTINGS;
/** What an operator puts in the .env beside compose.yaml. */
const COMPOSE_VARIABLES = { ...operatorValues, POSTGRES_PASSWORD: 'compose-test-password' };

/** The settings the docs' `podman run` passes (`-e NAME=…`). */
function podmanRunSettings(): string[] {
  const docs = readFileSync(join(root, 'docs', 'container-image.md'), 'utf8');
  const command = /```bash\n(podman run [^`]*)```/.exec(docs)?.[1] ?? '';
  return [...command.matchAll(/-e (\w+)=/g)].map(([, name]) => name);
}

/** The deployment files as shipped: production started exactly as documented. */
describe('compose.yaml and the documented podman run (e2e)', () => {
  it('pass every setting production requires', () => {
    const required = productionRequiredSettings();
    const composed = Object.keys(composeFile().services.app.environment ?? {});
    expect({ missingFromCompose: required.filter((name) => !composed.includes(name)) }).toEqual({
      missingFromCompose: [],
    });
    const passed = podmanRunSettings();
    expect(passed.length).toBeGreaterThan(0);
    expect({ missingFromPodmanRun: required.filter((name) => !passed.includes(name)) }).toEqual({
      missingFromPodmanRun: [],
    });
  });

  describeWithRedis("the app service's environment", () => {
    let smtp: SmtpSink;
    let server: BuiltServer | undefined;
    beforeAll(async () => (smtp = await SmtpSink.start()));
    afterAll(async () => {
      await server?.stop();
      await smtp.stop();
    });

    it('starts the built server to /health/ready, with this run’s services in place of the compose ones', async () => {
      const environment = serviceEnvironment('app', COMPOSE_VARIABLES);
      const services = Object.keys(composeFile().services);
      const onComposeNetwork = Object.keys(environment).filter((name) =>
        services.some((host) => new RegExp(`^\\w+://([^@/]*@)?${host}[:/]`).test(environment[name])),
      );
      const testServices = { DATABASE_URL: process.env.DATABASE_URL!, REDIS_URL: sharedRedisUrl(), SMTP_URL: smtp.url };
      expect(onComposeNetwork.sort()).toEqual(Object.keys(testServices).sort());

      server = new BuiltServer({ cleanEnv: true, env: { ...environment, ...testServices } });
      await server.start();
      const ready = await fetch(`${server.url}/health/ready`);
      expect(ready.status).toBe(200);
    });
  });
});
