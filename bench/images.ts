/**
 * Images micro-benchmark: PNG → WebP of one 4000×3000 image through the API (`convertors/to-webp`, real
 * HTTP: multipart upload, sniffing, decode, encode, storage, signed link) against sharp run directly
 * in-process on the same bytes with the same settings. Reports p50/p95 latency of sequential calls and
 * throughput at a fixed concurrency; the ratios are the API's overhead. Run: `node bench/images.ts [runs] [concurrency]`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { startTestServer } from '../test/helpers/server.ts';

interface Summary {
  runs: number;
  p50Ms: number;
  p95Ms: number;
  meanMs: number;
}

function summarise(samples: number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number): number => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
  return {
    runs: samples.length,
    p50Ms: Math.round(at(0.5)),
    p95Ms: Math.round(at(0.95)),
    meanMs: Math.round(samples.reduce((a, b) => a + b, 0) / samples.length),
  };
}

async function sequential(runs: number, once: () => Promise<void>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await once();
    samples.push(performance.now() - started);
  }
  return samples;
}

/** Conversions per minute with `concurrency` in flight until `total` are done. */
async function throughput(total: number, concurrency: number, once: () => Promise<void>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next++;
        await once();
      }
    }),
  );
  return Math.round((60_000 * total) / (performance.now() - started));
}

/** A 4000×3000 RGB image with gradients and texture (a few MB as PNG, like a screenshot or render). */
async function testImage(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = (x * 255) / width;
      pixels[i + 1] = (y * 255) / height;
      pixels[i + 2] = ((x ^ y) & 0xff) >> 1;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 6 })
    .toBuffer();
}

export async function benchImages(runs = 8, concurrency = 4): Promise<void> {
  const png = await testImage();
  const scratch = mkdtempSync(path.join(tmpdir(), 'images-bench-'));
  // Throughput is measured at the server's default upload limit (50 MB) with metering off.
  const server = await startTestServer();
  try {
    const direct = async (): Promise<void> => {
      const info = await sharp(png, { limitInputPixels: 100_000_000 })
        .rotate()
        .webp({ quality: 80, effort: 4 })
        .toFile(path.join(scratch, `${performance.now()}.webp`));
      if (info.width !== 4000) throw new Error('bad output');
    };
    const viaApi = async (): Promise<void> => {
      const form = new FormData();
      form.append('image', new Blob([png]), 'big.png');
      const response = await fetch(`${server.url}/api/v1/convertors/to-webp`, { method: 'POST', headers: { 'x-api-key': server.key }, body: form });
      const body = (await response.json()) as { result?: { width: number } };
      if (response.status !== 200 || body.result?.width !== 4000) throw new Error(`API answered ${response.status}`);
    };
    await direct();
    await viaApi(); // warm-up: sharp loaded, first connection, page cache
    const directLatency = summarise(await sequential(runs, direct));
    const apiLatency = summarise(await sequential(runs, viaApi));
    const directRate = await throughput(runs * 2, concurrency, direct);
    const apiRate = await throughput(runs * 2, concurrency, viaApi);
    const mb = (png.length / 1024 / 1024).toFixed(1);
    process.stdout.write(`input: 4000×3000 PNG, ${mb} MB → WebP quality 80, effort 4 (sharp ${sharp.versions.sharp}, libvips ${sharp.versions.vips})\n`);
    process.stdout.write(`sequential, ${runs} runs    p50        p95        mean\n`);
    process.stdout.write(
      `  sharp in-process       ${String(directLatency.p50Ms).padStart(5)} ms   ${String(directLatency.p95Ms).padStart(5)} ms   ${String(directLatency.meanMs).padStart(5)} ms\n`,
    );
    process.stdout.write(
      `  API (to-webp)          ${String(apiLatency.p50Ms).padStart(5)} ms   ${String(apiLatency.p95Ms).padStart(5)} ms   ${String(apiLatency.meanMs).padStart(5)} ms\n`,
    );
    process.stdout.write(
      `  p50 overhead: +${apiLatency.p50Ms - directLatency.p50Ms} ms (API/sharp = ${(apiLatency.p50Ms / directLatency.p50Ms).toFixed(2)}×)\n`,
    );
    process.stdout.write(`throughput, ${runs * 2} conversions at concurrency ${concurrency}\n`);
    process.stdout.write(`  sharp in-process       ${directRate} / min\n`);
    process.stdout.write(`  API (to-webp)          ${apiRate} / min  (${((apiRate / directRate) * 100).toFixed(0)} % of in-process)\n`);
  } finally {
    await server.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [runs, concurrency] = process.argv.slice(2).map(Number);
  await benchImages(runs || undefined, concurrency || undefined);
}
