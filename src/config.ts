import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';

/** Every setting of the service, read once from the environment (docs/contract.md "Running it"). */
const envSchema = z.object({
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  TOOLAPI_DATA_DIR: z.string().min(1).default('./data'),
  TOOLAPI_ADMIN_TOKEN: z.string().min(16, 'use at least 16 characters').optional(),
  TOOLAPI_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'a postgres:// URL')
    .optional(),
  TOOLAPI_SECRET: z.string().min(32, 'use at least 32 characters').optional(),
  TOOLAPI_SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'an smtp:// or smtps:// URL')
    .optional(),
  TOOLAPI_SMTP_FROM: z.string().default('toolapi <no-reply@localhost>'),
  TOOLAPI_PLANS: z.string().min(1).optional(),
  TOOLAPI_PUBLIC_URL: z.url().optional(),
  TOOLAPI_FETCH_ALLOW: z.string().optional(),
  TOOLAPI_FETCH_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  TOOLAPI_FETCH_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 1024 * 1024),
  TOOLAPI_DNS_SERVERS: z.string().optional(),
  TOOLAPI_CHROMIUM_PATH: z.string().optional(),
  TOOLAPI_OFFICE_WORKERS: z.coerce.number().int().min(0).max(32).optional(),
  TOOLAPI_CPU_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  TOOLAPI_OFFICE_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  TOOLAPI_OFFICE_START: z.enum(['boot', 'first-use']).default('boot'),
  TOOLAPI_LIBRARIES_LOAD: z.enum(['boot', 'first-use']).default('boot'),
  TOOLAPI_S3_BUCKET: z.string().min(3).optional(),
  TOOLAPI_S3_ENDPOINT: z.url().optional(),
  TOOLAPI_S3_REGION: z.string().default('us-east-1'),
  TOOLAPI_S3_ACCESS_KEY_ID: z.string().optional(),
  TOOLAPI_S3_SECRET_ACCESS_KEY: z.string().optional(),
  TOOLAPI_S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('true'),
  TOOLAPI_AI_BASE_URL: z.url().optional(),
  TOOLAPI_AI_API_KEY: z.string().optional(),
  TOOLAPI_AI_MODEL: z.string().optional(),
  TOOLAPI_AI_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  TOOLAPI_MAX_UPLOAD_MB: z.coerce.number().positive().default(50),
  TOOLAPI_MAX_JSON_MB: z.coerce.number().positive().default(5),
  TOOLAPI_BINARY_SUNSET: z.iso.date().default('2027-06-30'),
  TOOLAPI_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface S3Config {
  bucket: string;
  /** For S3-compatible services (MinIO, R2, …); unset means AWS. */
  endpoint: string | undefined;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
}

export interface Config {
  host: string;
  port: number;
  dataDir: string;
  /** Per-call scratch folders (uploads, conversions), under the data dir. */
  scratchDir: string;
  adminToken: string | undefined;
  /** PostgreSQL at scale; unset means SQLite in the data dir. */
  databaseUrl: string | undefined;
  /** Server secret (key hashing, link signing); unset means one generated once and kept in the store. */
  secret: string | undefined;
  smtpUrl: string | undefined;
  smtpFrom: string;
  plansFile: string | undefined;
  /** Base of links the service hands out; undefined means `http://HOST:PORT` of the running server. */
  publicUrl: string | undefined;
  fetchAllow: string[];
  fetchTimeoutMs: number;
  fetchMaxBytes: number;
  /** Resolvers for DNS tools and the fetcher (`ip` or `ip:port`); empty means the system's. */
  dnsServers: string[];
  chromiumPath: string | undefined;
  /** S3-compatible storage for converted files; undefined means local disk under the data dir. */
  s3: S3Config | undefined;
  /** Warm LibreOffice instances (default: CPU cores; 0 disables the pool) and the per-conversion deadline. */
  office: { workers: number; timeoutMs: number; start: 'boot' | 'first-use' };
  /**
   * When the tools' lazy libraries load (lib/lazy.ts) and the documents built from the whole registry (the OpenAPI
   * document, the catalogs) are made: before listening (`boot`), or on the first call that needs each.
   */
  librariesLoad: 'boot' | 'first-use';
  /** Worker threads of the CPU pool (engines/cpu); default: the machine's cores, at least 2. */
  cpuWorkers: number | undefined;
  /** An OpenAI-compatible chat-completions provider; without a base URL the AI tools run their local models. */
  ai: { baseUrl: string | undefined; apiKey: string | undefined; model: string | undefined; timeoutMs: number };
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
    scratchDir: path.join(path.resolve(e.TOOLAPI_DATA_DIR), 'scratch'),
    adminToken: e.TOOLAPI_ADMIN_TOKEN,
    databaseUrl: e.TOOLAPI_DATABASE_URL,
    secret: e.TOOLAPI_SECRET,
    smtpUrl: e.TOOLAPI_SMTP_URL,
    smtpFrom: e.TOOLAPI_SMTP_FROM,
    plansFile: e.TOOLAPI_PLANS,
    publicUrl: e.TOOLAPI_PUBLIC_URL?.replace(/\/+$/, ''),
    fetchAllow: list(e.TOOLAPI_FETCH_ALLOW),
    fetchTimeoutMs: e.TOOLAPI_FETCH_TIMEOUT_MS,
    fetchMaxBytes: e.TOOLAPI_FETCH_MAX_BYTES,
    dnsServers: list(e.TOOLAPI_DNS_SERVERS),
    chromiumPath: e.TOOLAPI_CHROMIUM_PATH,
    s3: e.TOOLAPI_S3_BUCKET
      ? {
          bucket: e.TOOLAPI_S3_BUCKET,
          endpoint: e.TOOLAPI_S3_ENDPOINT,
          region: e.TOOLAPI_S3_REGION,
          accessKeyId: e.TOOLAPI_S3_ACCESS_KEY_ID,
          secretAccessKey: e.TOOLAPI_S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.TOOLAPI_S3_FORCE_PATH_STYLE === 'true',
        }
      : undefined,
    office: { workers: e.TOOLAPI_OFFICE_WORKERS ?? availableParallelism(), timeoutMs: e.TOOLAPI_OFFICE_TIMEOUT_MS, start: e.TOOLAPI_OFFICE_START },
    librariesLoad: e.TOOLAPI_LIBRARIES_LOAD,
    cpuWorkers: e.TOOLAPI_CPU_WORKERS,
    ai: { baseUrl: e.TOOLAPI_AI_BASE_URL?.replace(/\/+$/, ''), apiKey: e.TOOLAPI_AI_API_KEY, model: e.TOOLAPI_AI_MODEL, timeoutMs: e.TOOLAPI_AI_TIMEOUT_MS },
    maxUploadBytes: e.TOOLAPI_MAX_UPLOAD_MB * MB,
    maxJsonBodyBytes: e.TOOLAPI_MAX_JSON_MB * MB,
    binarySunset: e.TOOLAPI_BINARY_SUNSET,
    logLevel: e.TOOLAPI_LOG_LEVEL,
  };
}

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
