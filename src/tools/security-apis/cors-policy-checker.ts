import { z } from 'zod';
import { defineUrlAudit } from '../../lib/page/define-url-tool.ts';
import { ToolError } from '../../core/errors.ts';
import { buildAudit, type CheckInput } from '../../lib/page/audit.ts';
import { fetcherOf } from '../../lib/page/context.ts';

const corsHeaders = z.object({
  status: z.number().int().nullable(),
  allowOrigin: z.string().nullable(),
  allowCredentials: z.string().nullable(),
  allowMethods: z.string().nullable(),
  allowHeaders: z.string().nullable(),
  exposeHeaders: z.string().nullable(),
  maxAge: z.string().nullable(),
  vary: z.string().nullable(),
  error: z.string().nullable(),
});

export default defineUrlAudit({
  module: 'security-apis',
  slug: 'cors-policy-checker',
  title: 'CORS policy checker',
  description:
    'Probes a URL’s CORS policy the way a browser would: a GET with an Origin header (default https://cors-check.example, ' +
    'i.e. an unrelated site), a GET with Origin: null, and an OPTIONS preflight for PUT with Authorization and Content-Type ' +
    'headers. Reports Access-Control-Allow-Origin/-Credentials/-Methods/-Headers/-Max-Age and Vary, and flags dangerous ' +
    'setups: any origin reflected with credentials, "null" allowed, "*" with credentials, a missing Vary: Origin, wildcard methods or headers.',
  keywords: ['cors', 'cross-origin', 'access-control-allow-origin', 'preflight', 'cors misconfiguration', 'api security'],
  timeoutMs: 25_000,
  urlHelp: 'URL to probe (an API endpoint or page)',
  params: () => ({
    origin: z
      .string()
      .trim()
      .max(200)
      .regex(/^https?:\/\/[^\s/]+$/, 'an origin like https://app.example.com')
      .default('https://cors-check.example')
      .describe('Origin to send (default https://cors-check.example)'),
  }),
  fields: () => ({
    originSent: z.string(),
    simple: corsHeaders.describe('GET with the Origin header'),
    nullOrigin: corsHeaders.describe('GET with Origin: null'),
    preflight: corsHeaders.describe('OPTIONS preflight (PUT, authorization + content-type)'),
    corsEnabled: z.boolean(),
    reflectsOrigin: z.boolean(),
  }),
  live: {
    'an API endpoint': 'https://api.example.com/v1/me',
    'with a specific origin': { url: 'https://api.example.com/v1/me', origin: 'https://app.example.com' },
  },
  offline: { title: 'a wildcard origin with credentials', finds: ['cors-wildcard-with-credentials'] },
  run: async ({ url, origin }, ctx) => {
    const fetcher = fetcherOf(ctx);
    const probe = async (method: 'GET' | 'OPTIONS', headers: Record<string, string>): Promise<z.infer<typeof corsHeaders>> => {
      try {
        const r = await fetcher.fetch(url, { method, headers, redirect: 'manual', truncate: true, maxBytes: 16 * 1024 });
        const h = r.headers;
        return {
          status: r.status,
          allowOrigin: h['access-control-allow-origin'] ?? null,
          allowCredentials: h['access-control-allow-credentials'] ?? null,
          allowMethods: h['access-control-allow-methods'] ?? null,
          allowHeaders: h['access-control-allow-headers'] ?? null,
          exposeHeaders: h['access-control-expose-headers'] ?? null,
          maxAge: h['access-control-max-age'] ?? null,
          vary: h.vary ?? null,
          error: null,
        };
      } catch (e) {
        if (e instanceof ToolError && (e.code === 'forbidden_target' || e.code === 'validation_failed')) throw e;
        return {
          status: null,
          allowOrigin: null,
          allowCredentials: null,
          allowMethods: null,
          allowHeaders: null,
          exposeHeaders: null,
          maxAge: null,
          vary: null,
          error: e instanceof ToolError ? e.detail : String(e),
        };
      }
    };
    const simple = await probe('GET', { origin });
    if (simple.error && simple.status === null) throw new ToolError('upstream_failed', simple.error);
    const nullOrigin = await probe('GET', { origin: 'null' });
    const preflight = await probe('OPTIONS', {
      origin,
      'access-control-request-method': 'PUT',
      'access-control-request-headers': 'authorization,content-type',
    });
    const creds = (h: z.infer<typeof corsHeaders>): boolean => (h.allowCredentials ?? '').trim().toLowerCase() === 'true';
    const reflects = simple.allowOrigin === origin || preflight.allowOrigin === origin;
    const wildcard = simple.allowOrigin?.trim() === '*';
    const nullAllowed = nullOrigin.allowOrigin?.trim() === 'null';
    const enabled = [simple, nullOrigin, preflight].some((h) => h.allowOrigin !== null);
    const checks: CheckInput[] = [];
    if (!enabled) {
      checks.push({
        id: 'cors-disabled',
        title: 'Cross-origin reads allowed',
        status: 'info',
        evidence: 'no Access-Control-Allow-Origin for an unrelated origin: browsers block cross-origin reads (the safe default)',
        fix: '',
      });
    }
    checks.push({
      id: 'cors-reflect-credentials',
      title: 'Arbitrary origins not trusted with credentials',
      status: reflects && (creds(simple) || creds(preflight)) ? 'fail' : 'pass',
      weight: 40,
      severity: 'high',
      evidence: reflects
        ? `Access-Control-Allow-Origin: ${origin}; Allow-Credentials: ${simple.allowCredentials ?? preflight.allowCredentials ?? 'absent'}`
        : 'the unrelated origin is not echoed back',
      fix: 'Check the Origin against an allow-list of your own front-ends; never echo arbitrary origins with credentials.',
      problem: 'Any website can read authenticated responses (origin reflected with credentials)',
      findingId: 'cors-reflects-origin-with-credentials',
    });
    checks.push({
      id: 'cors-null-origin',
      title: 'Origin "null" not trusted',
      status: nullAllowed ? 'fail' : 'pass',
      weight: 20,
      severity: creds(nullOrigin) ? 'high' : 'medium',
      evidence: `Origin: null → Access-Control-Allow-Origin: ${nullOrigin.allowOrigin ?? 'absent'}`,
      fix: 'Do not allow the "null" origin (sandboxed iframes and local files send it).',
      problem: 'The "null" origin is allowed',
      findingId: 'cors-null-origin',
    });
    checks.push({
      id: 'cors-wildcard-credentials',
      title: 'No "*" with credentials',
      status: wildcard && creds(simple) ? 'fail' : 'pass',
      weight: 10,
      severity: 'medium',
      evidence: `Allow-Origin: ${simple.allowOrigin ?? 'absent'}; Allow-Credentials: ${simple.allowCredentials ?? 'absent'}`,
      fix: 'Browsers reject "*" with credentials; list explicit origins instead.',
      problem: '"*" combined with credentials (invalid, indicates a misconfiguration)',
      findingId: 'cors-wildcard-with-credentials',
    });
    if (wildcard)
      checks.push({
        id: 'cors-wildcard',
        title: 'Allow-Origin is not "*"',
        status: 'warn',
        weight: 10,
        severity: 'low',
        evidence: 'Access-Control-Allow-Origin: *',
        fix: 'Fine for public, unauthenticated data; otherwise restrict it to your origins.',
        problem: 'Any origin may read this resource',
        findingId: 'cors-wildcard-origin',
      });
    if (reflects)
      checks.push({
        id: 'cors-vary',
        title: 'Vary: Origin when the origin is echoed',
        status: /origin/i.test(simple.vary ?? '') ? 'pass' : 'warn',
        weight: 10,
        severity: 'low',
        evidence: `Vary: ${simple.vary ?? 'absent'}`,
        fix: 'Send Vary: Origin so caches do not serve one origin’s CORS headers to another.',
        problem: 'Missing Vary: Origin',
        findingId: 'cors-no-vary-origin',
      });
    const methods = preflight.allowMethods ?? '';
    const headers = preflight.allowHeaders ?? '';
    if (preflight.allowOrigin)
      checks.push({
        id: 'cors-preflight-scope',
        title: 'Preflight does not allow everything',
        status: /\*/.test(methods) || /\*/.test(headers) ? 'warn' : 'pass',
        weight: 10,
        severity: 'low',
        evidence: `methods: ${methods || 'absent'}; headers: ${headers || 'absent'}; max-age: ${preflight.maxAge ?? 'absent'}`,
        fix: 'List only the methods and headers your API needs.',
        problem: 'Wildcard preflight permissions',
        findingId: 'cors-preflight-wildcard',
      });
    return { originSent: origin, simple, nullOrigin, preflight, corsEnabled: enabled, reflectsOrigin: reflects, audit: buildAudit(checks) };
  },
});
