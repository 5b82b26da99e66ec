// The upload path of the built service (run as its start command runs it, environment and Node flags)
// over real HTTP, on a scratch database (test_bench_images_*, dropped afterwards): how long one 8 MB
// photo takes to be answered, and, while ten 10 MB photos are uploaded at once, how fast /health/live
// answers and how much memory the service takes. Part of `npm run bench:images`.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import { MAX_FILE_BYTES } from '../src/images/image-files.interceptor';
import { photoPixels } from './photo-pixels';
import { runCli } from '../test/support/built-app';
import { BuiltServer } from '../test/support/built-server';
import { adminQuery, assertTestDatabase, databaseUrl } from '../test/support/test-database';
import { percentile } from './percentile';

const WIDTH = 6000; // a 24-megapixel phone photo
const HEIGHT = 4000;
const SINGLE_RUNS = 5;
const PARALLEL_UPLOADS = 10;

const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** The largest JPEG of the pixels (by quality, searched) that is at most `maxBytes`. */
async function jpegOfAtMost(pixels: Buffer, maxBytes: number): Promise<Buffer> {
  const encode = (quality: number) =>
    sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
      .jpeg({ quality })
      .toBuffer();
  let [low, high] = [1, 100];
  let best = await encode(low);
  while (low < high) {
    const quality = Math.ceil((low + high) / 2);
    const jpeg = await encode(quality);
    if (jpeg.length <= maxBytes) [low, best] = [quality, jpeg];
    else high = quality - 1;
  }
  return best;
}

/** The process's current and highest resident set size (VmRSS, VmHWM), in bytes. */
function rssOf(pid: number): { now: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
  return { now: kb('VmRSS'), peak: kb('VmHWM') };
}

async function upload(url: string, token: string, photo: Buffer): Promise<number> {
  const form = new FormData();
  form.append('files[]', new Blob([photo], { type: 'image/jpeg' }), 'photo.jpg');
  const started = performance.now();
  const res = await fetch(url, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
  const elapsed = performance.now() - started;
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
  return elapsed;
}

// Runs in a worker thread, so that the uploads' work in this process (building 100 MB of multipart
// bodies) does not count as the service's latency.
const HEALTH_PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
let stop = false;
parentPort.once('message', () => (stop = true));
(async () => {
  const latencies = [];
  while (!stop) {
    const started = performance.now();
    const res = await fetch(workerData + '/health/live');
    await res.arrayBuffer();
    latencies.push(performance.now() - started);
  }
  parentPort.postMessage(latencies);
})();
`;

/** /health/live asked again and again, one at a time, until `until` settles: each answer's latency. */
async function probeHealth(baseUrl: string, until: Promise<unknown>): Promise<number[]> {
  const worker = new Worker(HEALTH_PROBE, { eval: true, workerData: baseUrl });
  const latencies = new Promise<number[]>((resolve) => worker.once('message', resolve));
  await until.finally(() => worker.postMessage('stop'));
  const sorted = (await latencies).sort((a, b) => a - b);
  await worker.terminate();
  return sorted;
}

export async function benchServiceUploads(): Promise<void> {
  const name = `test_bench_images_${process.pid}`;
  assertTestDatabase(name);
  await adminQuery(`CREATE DATABASE ${name}`);
  const uploadDir = mkdtempSync(join(tmpdir(), 'bench-uploads-'));
  const env = {
    DATABASE_URL: databaseUrl(name),
    JWT_SECRET: 'bench-images-secret-bench-images-secret-bench',
    UPLOAD_DIR: uploadDir,
    RATE_LIMIT_MAX: '1000000',
    LOG_LEVEL: 'warn',
  };
  const server = new BuiltServer({ env });
  try {
    await server.start();
    const pid = server.process.pid!;
    const admin = await runCli(['create-admin', '--email', 'bench@test.example', '--name', 'Bench'], {
      ...process.env,
      ...env,
    });
    const token = admin.stdout.trim();
    const vendor = await fetch(`${server.url}/rest-manager-api-v1/vendors`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ vendorName: 'Bench Co', email: 'bench@vendor.example', cityName: 'X', provinceName: 'Y' }),
    }).then((r) => r.json() as Promise<{ data: { id: number } }>);
    const galleryUrl = `${server.url}/rest-manager-api-v1/vendors/${vendor.data.id}/gallery`;

    const pixels = photoPixels(WIDTH, HEIGHT);
    const eight = await jpegOfAtMost(pixels, 8 * 1024 * 1024);
    const ten = await jpegOfAtMost(pixels, MAX_FILE_BYTES);
    await upload(galleryUrl, token, eight); // warm-up, not counted
    const idle = rssOf(pid).now;

    const single: number[] = [];
    for (let i = 0; i < SINGLE_RUNS; i++) single.push(await upload(galleryUrl, token, eight));
    single.sort((a, b) => a - b);

    let sampledPeak = 0;
    const sampler = setInterval(() => (sampledPeak = Math.max(sampledPeak, rssOf(pid).now)), 10);
    const started = performance.now();
    const uploads = Promise.all(Array.from({ length: PARALLEL_UPLOADS }, () => upload(galleryUrl, token, ten)));
    const health = await probeHealth(server.url, uploads);
    const parallelTimes = (await uploads).sort((a, b) => a - b);
    const wall = performance.now() - started;
    clearInterval(sampler);
    const { peak } = rssOf(pid);

    console.log(`\nservice uploads: node ${process.version}, idle RSS ${mib(idle)}`);
    console.log(
      `one ${WIDTH}x${HEIGHT} JPEG of ${mib(eight.length)} at a time (${SINGLE_RUNS} runs): answered in ` +
        `median ${percentile(single, 50).toFixed(0)} ms, max ${single.at(-1)!.toFixed(0)} ms`,
    );
    console.log(
      `${PARALLEL_UPLOADS} JPEGs of ${mib(ten.length)} at once: all answered in ${wall.toFixed(0)} ms ` +
        `(each ${parallelTimes[0].toFixed(0)}..${parallelTimes.at(-1)!.toFixed(0)} ms)`,
    );
    console.log(
      `/health/live meanwhile (${health.length} requests, one at a time): p50 ${percentile(health, 50).toFixed(1)} ms, ` +
        `p99 ${percentile(health, 99).toFixed(1)} ms, max ${health.at(-1)!.toFixed(1)} ms`,
    );
    console.log(
      `service RSS: peak ${mib(sampledPeak)} during the ${PARALLEL_UPLOADS} (sampled every 10 ms), VmHWM ${mib(peak)}`,
    );
  } finally {
    await server.stop();
    rmSync(uploadDir, { recursive: true, force: true });
    await adminQuery(`DROP DATABASE IF EXISTS ${name}`);
  }
}
