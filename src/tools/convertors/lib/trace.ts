import { createRequire } from 'node:module';
import type * as PotraceModule from 'potrace';
import { cpuTask } from '../../../engines/cpu/task.ts';

const require = createRequire(import.meta.url);

/**
 * Potrace over a greyscale PNG: one traced layer (`trace`) or stacked grey levels (`posterize`). Pure CPU work
 * (potrace decodes with Jimp and traces in JS), so to-svg runs it as a CPU-pool task.
 */
export async function traceBitmap(png: Uint8Array, mode: 'trace' | 'posterize', options: PotraceModule.PosterizerOptions): Promise<string> {
  const potrace = require('potrace') as typeof PotraceModule;
  const bitmap = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  return new Promise<string>((resolve, reject) => {
    const done = (error: Error | null, result: string): void => (error ? reject(error) : resolve(result));
    if (mode === 'posterize') potrace.posterize(bitmap, options, done);
    else potrace.trace(bitmap, options, done);
  });
}

export const traceTask = cpuTask(import.meta.url, 'traceBitmap', traceBitmap);
