/**
 * Office engine micro-benchmark: the same one-page docx → pdf, N times through the warm UNO pool, then
 * through cold conversions (a new LibreOffice per conversion), reporting p50/p95 latency, conversions per
 * minute and the ratios. Run: `node bench/office.ts [warmRuns] [coldRuns]` (or import benchOffice).
 *
 * Cold is measured twice: "cold, naive" is `soffice --headless --convert-to pdf` with a brand-new
 * throwaway profile (what a service without a pool does); "cold, engine" is the engine's own fallback
 * mode, which copies a pre-initialised profile and so skips LibreOffice's first-start work.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createOfficeEngine, type OfficeEngine } from '../src/engines/office/index.ts';

export interface LatencySummary {
  runs: number;
  p50Ms: number;
  p95Ms: number;
  meanMs: number;
  perMinute: number;
}

export interface OfficeBenchResult {
  warm: LatencySummary;
  coldNaive: LatencySummary;
  coldEngine: LatencySummary;
  /** warm conversions per minute ÷ cold (naive) conversions per minute. */
  throughputRatio: number;
  throughputRatioVsEngineCold: number;
}

const silent = { info() {}, warn() {}, error() {} };

function summarise(samples: number[]): LatencySummary {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number): number => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
  const total = samples.reduce((a, b) => a + b, 0);
  return {
    runs: samples.length,
    p50Ms: Math.round(at(0.5)),
    p95Ms: Math.round(at(0.95)),
    meanMs: Math.round(total / samples.length),
    perMinute: Math.round((60_000 * samples.length) / total),
  };
}

async function timed(runs: number, once: (i: number) => Promise<void>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await once(i);
    samples.push(performance.now() - started);
  }
  return samples;
}

function naiveCold(input: string, outdir: string): Promise<void> {
  const profile = mkdtempSync(path.join(tmpdir(), 'office-bench-profile-'));
  return new Promise<void>((resolve, reject) => {
    const child = spawn(
      'soffice',
      ['--headless', '--norestore', `-env:UserInstallation=${pathToFileURL(profile).href}`, '--convert-to', 'pdf', '--outdir', outdir, input],
      { stdio: 'ignore', env: { PATH: '/usr/bin:/bin', HOME: profile } },
    );
    child.once('error', reject);
    child.once('exit', () => {
      rmSync(profile, { recursive: true, force: true });
      resolve();
    });
  });
}

function assertPdf(file: string): void {
  if (statSync(file).size < 1000) throw new Error(`${file} is not a real PDF`);
}

export async function benchOffice(options: { warmRuns?: number; coldRuns?: number } = {}): Promise<OfficeBenchResult> {
  const warmRuns = options.warmRuns ?? 60;
  const coldRuns = options.coldRuns ?? 8;
  const dir = mkdtempSync(path.join(tmpdir(), 'office-bench-'));
  let warmEngine: OfficeEngine | null = null;
  let coldEngine: OfficeEngine | null = null;
  try {
    warmEngine = createOfficeEngine({ workers: 1, log: silent, tempDir: path.join(dir, 'warm') });
    await warmEngine.whenReady();
    if (warmEngine.stats().mode !== 'uno') throw new Error('the warm pool is not available here (python3-uno missing?)');

    const html = path.join(dir, 'letter.html');
    writeFileSync(
      html,
      `<html><body><h1>Invoice 2041</h1>${Array.from({ length: 6 }, (_, i) => `<p>Line ${i + 1}: the quick brown fox jumps over the lazy dog; consectetur adipiscing elit, sed do eiusmod tempor.</p>`).join('')}<table border="1"><tr><td>Widgets</td><td>42</td></tr></table></body></html>`,
    );
    const docx = await warmEngine.convert({ input: html, outputDir: path.join(dir, 'fixture'), format: 'docx' });

    const warmOut = path.join(dir, 'warm-out');
    await warmEngine.convert({ input: docx, outputDir: warmOut, format: 'pdf' }); // first-use of this path
    const warm = await timed(warmRuns, async () => {
      assertPdf(await warmEngine!.convert({ input: docx, outputDir: warmOut, format: 'pdf' }));
    });
    await warmEngine.close();
    warmEngine = null;

    const naiveOut = path.join(dir, 'naive-out');
    const coldNaive = await timed(coldRuns, async () => {
      rmSync(naiveOut, { recursive: true, force: true });
      await naiveCold(docx, naiveOut);
      assertPdf(path.join(naiveOut, 'letter.pdf'));
    });

    coldEngine = createOfficeEngine({ workers: 1, mode: 'cold', log: silent, tempDir: path.join(dir, 'cold') });
    await coldEngine.whenReady();
    const coldOut = path.join(dir, 'cold-out');
    const coldEngineSamples = await timed(coldRuns, async () => {
      assertPdf(await coldEngine!.convert({ input: docx, outputDir: coldOut, format: 'pdf' }));
    });

    const result = {
      warm: summarise(warm),
      coldNaive: summarise(coldNaive),
      coldEngine: summarise(coldEngineSamples),
      throughputRatio: 0,
      throughputRatioVsEngineCold: 0,
    };
    result.throughputRatio = Math.round((result.warm.perMinute / result.coldNaive.perMinute) * 10) / 10;
    result.throughputRatioVsEngineCold = Math.round((result.warm.perMinute / result.coldEngine.perMinute) * 10) / 10;
    return result;
  } finally {
    await warmEngine?.close();
    await coldEngine?.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function formatOfficeBench(r: OfficeBenchResult): string {
  const row = (name: string, s: LatencySummary): string =>
    `${name.padEnd(34)} runs ${String(s.runs).padStart(3)}   p50 ${String(s.p50Ms).padStart(5)} ms   p95 ${String(s.p95Ms).padStart(5)} ms   ${String(s.perMinute).padStart(5)} conversions/min`;
  return [
    'one-page docx → pdf, one conversion at a time:',
    row('warm pool (UNO, 1 instance)', r.warm),
    row('cold, naive (fresh profile)', r.coldNaive),
    row('cold, engine fallback (template)', r.coldEngine),
    `warm ÷ cold throughput: ${r.throughputRatio}× (naive), ${r.throughputRatioVsEngineCold}× (engine fallback)`,
  ].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [warmRuns, coldRuns] = process.argv.slice(2).map(Number);
  const result = await benchOffice({
    ...(warmRuns ? { warmRuns } : {}),
    ...(coldRuns ? { coldRuns } : {}),
  });
  process.stdout.write(`${formatOfficeBench(result)}\n`);
}
