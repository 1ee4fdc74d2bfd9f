import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { ReadinessCheck } from '../http/health-routes.ts';

export interface Engines {}

export interface EngineSet {
  engines: Engines;
  readiness: ReadinessCheck[];
  close(): Promise<void>;
}

export async function createEngines(_config: Config, _logger: Logger): Promise<EngineSet> {
  return { engines: {}, readiness: [], close: async () => {} };
}
