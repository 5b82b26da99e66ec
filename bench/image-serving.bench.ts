// `npm run bench:image-serving`: GET /images/{key} from the PostgreSQL store, the S3 one (s3rver on
// 127.0.0.1) and the local one. Three built servers on a scratch `test_` database, one per IMAGE_STORAGE; the
// same grainy JPEG, resized into the default 900x700 box, is uploaded through each, then autocannon fetches it
// from each in turn for ROUNDS rounds so that machine drift falls on all. Prints req/s and p50/p99 per store.
import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { runCli } from '../test/support/built-app';
import { BuiltServer } from '../test/support/built-server';
import { S3Server } from '../test/support/s3-server';
import { adminQuery, assertTestDatabase, databaseUrl } from '../test/support/test-database';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DATABASE = `test_bench_image_serving_${process.pid}`;
const MANAGER = '/rest-manager-api-v1';
const STORES = ['postgres', 's3', 'local'] as const;
type Store = (typeof STORES)[number];

/** A 1800x1200 gradient with grain, which compresses like a photo (a smooth gradient would be ~16 KB). */
function photo(): Promise<Buffer> {
  const [width, height] = [1800, 1200];
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 7;
  for (let i = 0; i < pixels.length; i++) {
    seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
    const x = (i / 3) % width;
    pixels[i] = Math.max(0, Math.min(255, (x * 255) / width + (seed % 41) - 20));
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg()
    .toBuffer();
}

interface Result {
  rps: number;
  p50: number;
  p99: number;
}

async function call<T>(base: string, token: string, path: string, body: string | FormData, type?: string): Promise<T> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (type) headers['content-type'] = type;
  const res = await fetch(`${base}${MANAGER}${path}`, { method: 'POST', headers, body });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

/** Uploads the photo through the server into its store; answers the path it is served at. */
async function storedPath(server: BuiltServer, token: string, photo: Buffer): Promise<string> {
  const vendor = await call<{ id: number }>(
    server.url,
    token,
    '/vendors',
    JSON.stringify({
      vendorName: 'Bench',
      email: 'bench@vendor.example',
      cityName: 'Toronto',
      provinceName: 'Ontario',
    }),
    'application/json',
  );
  const form = new FormData();
  form.append('files[]', new Blob([photo], { type: 'image/jpeg' }), 'photo.jpg');
  const [stored] = await call<{ url: string; bytes: number }[]>(
    server.url,
    token,
    `/vendors/${vendor.id}/gallery`,
    form,
  );
  console.log(`stored ${stored.bytes} bytes`);
  return new URL(stored.url).pathname;
}

async function drive(server: BuiltServer, path: string): Promise<Result> {
  const result = await autocannon({ url: `${server.url}${path}`, connections: CONNECTIONS, duration: DURATION_S });
  if (result.non2xx > 0) throw new Error(`answers not 2xx: ${JSON.stringify(result.statusCodeStats)}`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

async function main(): Promise<void> {
  assertTestDatabase(DATABASE);
  await adminQuery(`CREATE DATABASE ${DATABASE}`);
  const uploadDir = mkdtempSync(join(tmpdir(), 'bench-image-serving-'));
  const env = {
    DATABASE_URL: databaseUrl(DATABASE),
    JWT_SECRET: 'image-serving-bench-secret-image-serving-bench',
    UPLOAD_DIR: uploadDir,
    NOTIFY_WORKER_ENABLED: 'false',
    WEBHOOK_WORKER_ENABLED: 'false',
    RATE_LIMIT_MAX: '1000000',
    LOG_LEVEL: 'warn',
  };
  const s3 = await S3Server.start();
  const servers: Record<Store, BuiltServer> = {
    postgres: new BuiltServer({ env: { ...env, IMAGE_STORAGE: 'postgres' } }),
    s3: new BuiltServer({ env: { ...env, ...s3.env } }),
    local: new BuiltServer({ env: { ...env, IMAGE_STORAGE: 'local' } }),
  };
  try {
    await Promise.all(Object.values(servers).map((server) => server.start()));
    const admin = await runCli(['create-admin', '--email', 'bench@test.example', '--name', 'Bench'], {
      ...process.env,
      ...env,
    });
    if (admin.code !== 0) throw new Error(admin.stderr);
    const token = admin.stdout.trim();
    const upload = await photo();
    const paths = {} as Record<Store, string>;
    for (const store of STORES) paths[store] = await storedPath(servers[store], token, upload);
    const runs: Record<Store, Result[]> = { postgres: [], s3: [], local: [] };
    for (const store of STORES) await drive(servers[store], paths[store]); // warm-up
    for (let round = 0; round < ROUNDS; round++) {
      for (const store of STORES) runs[store].push(await drive(servers[store], paths[store]));
    }
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    console.log(`GET /images/{key}, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION_S} s each`);
    for (const [store, results] of Object.entries(runs)) {
      console.log(
        `${store.padEnd(8)}: ${results.map((r) => r.rps.toFixed(0)).join(' / ')} req/s ` +
          `(mean ${mean(results.map((r) => r.rps)).toFixed(0)}), p50 ${mean(results.map((r) => r.p50)).toFixed(1)} ms, ` +
          `p99 ${mean(results.map((r) => r.p99)).toFixed(1)} ms`,
      );
    }
  } finally {
    await Promise.all(Object.values(servers).map((server) => server.stop()));
    await s3.remove();
    await adminQuery(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    rmSync(uploadDir, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
