/**
 * `npm run bench`: each section measures one thing against a baseline run side by side on this machine
 * (machines here are shared and noisy, so the ratios are what to read). Sections run one after another.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const SECTIONS = [
  ['HTTP pipeline and keyed calls', 'http.ts'],
  ['HTTP pipeline: instructions per request (callgrind)', 'instructions.ts'],
  ['Office conversions: warm pool vs cold soffice', 'office.ts'],
  ['Images: API overhead over sharp in-process', 'images.ts'],
  ['MCP: discover_tools and plan_task latency', 'mcp.ts'],
  ['Noisy neighbour: cheap calls while CPU-heavy tools run', 'noisy-neighbour.ts'],
] as const;

// `npm run bench -- noisy` runs only the sections whose file name contains one of the words given.
const only = process.argv.slice(2);

let failed = false;
for (const [title, file] of SECTIONS) {
  const script = path.join(import.meta.dirname, file);
  if (!existsSync(script)) continue;
  if (only.length > 0 && !only.some((word) => file.includes(word))) continue;
  process.stdout.write(`\n=== ${title} (bench/${file})\n`);
  const result = spawnSync(process.execPath, [script], { stdio: 'inherit' });
  if (result.status !== 0) {
    failed = true;
    process.stdout.write(`bench/${file} failed (exit ${result.status ?? result.signal})\n`);
  }
}
process.exit(failed ? 1 : 0);
