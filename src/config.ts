import path from 'node:path';
import { z } from 'zod';

/** Every setting of the service, read once from the environment (CONTRACT "Running it"). */
const envSchema = z.object({
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  TOOLAPI_DATA_DIR: z.string().min(1).default('./data'),
  TOOLAPI_ADMIN_TOKEN: z.string().min(16, 'use at least 16 characters').optional(),
  TOOLAPI_PLANS: z.string().min(1).optional(),
  TOOLAPI_PUBLIC_URL: z.url().optional(),
  TOOLAPI_FETCH_ALLOW: z.string().optional(),
  TOOLAPI_MAX_UPLOAD_MB: z.coerce.number().positive().default(50),
  TOOLAPI_MAX_JSON_MB: z.coerce.number().positive().default(5),
  TOOLAPI_BINARY_SUNSET: z.iso.date().default('2027-06-30'),
  TOOLAPI_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface Config {
  host: string;
  port: number;
  dataDir: string;
  adminToken: string | undefined;
  plansFile: string | undefined;
  /** Base of links the service hands out; undefined means `http://HOST:PORT` of the running server. */
  publicUrl: string | undefined;
  fetchAllow: string[];
  maxUploadBytes: number;
  maxJsonBodyBytes: number;
  binarySunset: string;
  logLevel: z.infer<typeof envSchema>['TOOLAPI_LOG_LEVEL'];
}

const MB = 1024 * 1024;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  return {
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(e.TOOLAPI_DATA_DIR),
    adminToken: e.TOOLAPI_ADMIN_TOKEN,
    plansFile: e.TOOLAPI_PLANS,
    publicUrl: e.TOOLAPI_PUBLIC_URL?.replace(/\/+$/, ''),
    fetchAllow: (e.TOOLAPI_FETCH_ALLOW ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    maxUploadBytes: e.TOOLAPI_MAX_UPLOAD_MB * MB,
    maxJsonBodyBytes: e.TOOLAPI_MAX_JSON_MB * MB,
    binarySunset: e.TOOLAPI_BINARY_SUNSET,
    logLevel: e.TOOLAPI_LOG_LEVEL,
  };
}
