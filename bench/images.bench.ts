// Resize benchmark of the real upload path's image processing: a 12-megapixel camera-like JPEG through
// ImageProcessor (decode, EXIF rotate, fit inside 900x700, strip, re-encode), one at a time and then all
// at once through the processor's concurrency limit. Prints time per image and the process's peak RSS.
// Then the same path through the built service over HTTP (bench/service-uploads.ts).
//   npm run bench:images            (BENCH_RUNS=20 by default)
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { ImageProcessor, PARALLEL_IMAGES } from '../src/images/image-processor';
import { photoPixels } from './photo-pixels';
import { benchServiceUploads } from './service-uploads';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const WIDTH = 4000;
const HEIGHT = 3000;
const BOX = { maxWidth: 900, maxHeight: 700 };

const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** A 4000x3000 JPEG (quality 90) of a colour gradient with grain, which compresses like a photo. */
async function cameraLikeJpeg(): Promise<Buffer> {
  const pixels = photoPixels(WIDTH, HEIGHT);
  return sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** Samples RSS while work runs, since the process-wide maximum also counts building the input. */
async function withPeakRss<T>(work: () => Promise<T>): Promise<{ result: T; peakRss: number }> {
  let peakRss = process.memoryUsage.rss();
  const timer = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 2);
  try {
    const result = await work();
    return { result, peakRss: Math.max(peakRss, process.memoryUsage.rss()) };
  } finally {
    clearInterval(timer);
  }
}

function summary(label: string, times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  const mean = times.reduce((sum, t) => sum + t, 0) / times.length;
  const p95 = sorted[Math.ceil(0.95 * sorted.length) - 1];
  return `${label}: mean ${mean.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, min ${sorted[0].toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`;
}

async function main(): Promise<void> {
  const input = await cameraLikeJpeg();
  const processor = new ImageProcessor();
  const sample = await processor.process(input, BOX); // warm-up, not counted
  global.gc?.();
  const rssBefore = process.memoryUsage.rss();

  const sequential = await withPeakRss(async () => {
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      await processor.process(input, BOX);
      times.push(performance.now() - started);
    }
    return times;
  });

  const parallel = await withPeakRss(async () => {
    const started = performance.now();
    await Promise.all(Array.from({ length: RUNS }, () => processor.process(input, BOX)));
    return performance.now() - started;
  });

  console.log(
    `images bench: ${WIDTH}x${HEIGHT} JPEG of ${mb(input.length)} -> ${sample.width}x${sample.height} ${sample.format} of ${(sample.data.length / 1024).toFixed(0)} KB`,
  );
  console.log(
    `node ${process.version}, libvips ${sharp.versions.vips}, sharp ${sharp.versions.sharp}, libvips threads ${sharp.concurrency()}`,
  );
  console.log(summary(`one at a time (${RUNS} runs)`, sequential.result));
  console.log(
    `all ${RUNS} at once (the processor runs ${PARALLEL_IMAGES} at a time): ${parallel.result.toFixed(0)} ms in total, ${(parallel.result / RUNS).toFixed(1)} ms per image`,
  );
  console.log(
    `RSS: ${mb(rssBefore)} before, peak ${mb(sequential.peakRss)} one at a time, peak ${mb(parallel.peakRss)} all at once; process max RSS ${mb(process.resourceUsage().maxRSS * 1024)} (includes building the input)`,
  );
  await benchServiceUploads();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
