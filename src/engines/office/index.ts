/**
 * The office engine: a supervised pool of warm LibreOffice instances that converts documents.
 *
 * Mode 'uno' (normal): `workers` soffice.bin processes, each with its own profile and loopback port, each
 * driven by a long-lived UNO worker (uno-worker.py under Debian's /usr/bin/python3). They start in the
 * background when the engine is created; conversions wait in a bounded FIFO queue for a ready instance.
 * An instance is killed and replaced when a conversion passes its deadline, when it crashes, when it fails
 * the health probe that follows every job, and after `maxJobsPerWorker` jobs.
 *
 * Mode 'cold' (fallback, when python3-uno is missing or the warm instances cannot start): one
 * `soffice --headless --convert-to` per conversion with a throwaway profile, at most `workers` at a time.
 *
 * Every process runs in its own process group and is killed with it: on close(), on deadline, and (via
 * the UNO worker noticing its stdin close, or the exit hook) when Node goes away.
 */
export type { OfficeConversion } from './conversion.ts';
export type { OfficeLog } from './instance.ts';
export { createOfficeEngine, type OfficeEngine, type OfficeEngineOptions, type OfficeInstanceInfo, type OfficeStats } from './pool.ts';
import type { OfficeEngine } from './pool.ts';

/**
 * A /readyz check: ready once one warm instance is up (or the engine runs cold, or LibreOffice is absent
 * and conversions answer 501, or the pool starts on first use and has not been used yet). A pool that later
 * loses instances does not take the whole API out of service.
 */
export function officeReadiness(engine: OfficeEngine): { name: string; check(): boolean } {
  return {
    name: 'office',
    check: () =>
      !engine.available() || engine.stats().mode === 'cold' || engine.instances().length === 0 || engine.instances().some((i) => i.state !== 'starting'),
  };
}
