import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { START_COMMAND, root } from '../support/built-app';
import { BuiltServer } from '../support/built-server';

const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
  .scripts;
const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
const imageCommand = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)![1]) as string[];
/** A variable of the image's ENV block (one `NAME=value` a line). */
const imageEnv = (name: string) => new RegExp(`^\\s+${name}=(\\S+)`, 'm').exec(dockerfile)?.[1];

/**
 * The process the tests and benchmarks measure is the one `npm start` and the image run: glibc's arena
 * limit and V8's heap flags change its memory as much as the code does.
 */
describe('Start command (e2e, built server)', () => {
  it('is the image command, and the environment it sets is in the image', () => {
    expect(imageCommand).toEqual(['node', ...START_COMMAND.nodeFlags, 'dist/src/main.js']);
    for (const [name, value] of Object.entries(START_COMMAND.env)) expect(imageEnv(name)).toBe(value);
  });

  it('is what npm start runs once the build is fresh', () => {
    expect(scripts.start).toBe(`bash scripts/build-if-stale.sh && ${scripts['start:prod']}`);
  });

  it("runs the tests' and benchmarks' built server with the image's arena limit and Node flags", async () => {
    const server = new BuiltServer();
    await server.start();
    try {
      const pid = server.process.pid!;
      const environment = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
      const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      expect(environment).toContain(`MALLOC_ARENA_MAX=${imageEnv('MALLOC_ARENA_MAX')}`);
      expect(argv.slice(1, -2)).toEqual(imageCommand.slice(1, -1));
    } finally {
      await server.stop();
    }
  });
});
