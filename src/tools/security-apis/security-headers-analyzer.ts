import { z } from 'zod';
import { defineTool } from '../../registry/define-tool.ts';
import { auditShape, buildAudit } from '../../lib/page/audit.ts';
import { fetcherOf, liveExample, siteExample, urlField } from '../../lib/page/context.ts';
import { brokenShop } from '../../lib/page/example-sites.ts';
import { securityHeaderChecks } from '../../lib/page/security-headers.ts';

export default defineTool({
  module: 'security-apis',
  slug: 'security-headers-analyzer',
  title: 'Security headers analyzer',
  description:
    'Requests a URL and grades its HTTP security headers: Strict-Transport-Security (max-age, includeSubDomains, preload), ' +
    'Content-Security-Policy (present, no unsafe-inline/unsafe-eval in script-src, object-src, frame-ancestors), X-Content-Type-Options, ' +
    'clickjacking protection (X-Frame-Options or frame-ancestors), Referrer-Policy, Permissions-Policy, Cross-Origin-Opener-Policy ' +
    'and Cross-Origin-Resource-Policy, the deprecated X-XSS-Protection, and version disclosure in Server / X-Powered-By. ' +
    'Returns a 0–100 score, a letter grade (A+ to F) and, per header, the value found and the fix.',
  keywords: ['security headers', 'hsts', 'csp', 'x-frame-options', 'http headers security', 'securityheaders'],
  method: 'GET',
  timeoutMs: 20_000,
  input: z.object({ url: urlField() }),
  output: z.object({
    url: z.string(),
    finalUrl: z.string(),
    httpStatus: z.number().int(),
    grade: z.enum(['A+', 'A', 'B', 'C', 'D', 'E', 'F']),
    headers: z.record(z.string(), z.string()).describe('The security-relevant headers found (lower-case names)'),
    missing: z.array(z.string()),
    ...auditShape,
  }),
  examples: [
    liveExample('a site', { url: 'https://example.com/' }),
    liveExample('a bare host', { url: 'example.org' }),
    siteExample('no security headers, and a server version', { url: 'https://broken-shop.example/' }, brokenShop, [
      'csp-missing',
      'x-content-type-options-missing',
      'clickjacking-unprotected',
      'version-disclosure',
    ]),
  ],
  run: async ({ url }, ctx) => {
    const response = await fetcherOf(ctx).fetch(url, { truncate: true, maxBytes: 64 * 1024 });
    const { checks, found, missing } = securityHeaderChecks(response.headers, response.url.startsWith('https:'));
    const audit = buildAudit(checks);
    const grade: 'A+' | 'A' | 'B' | 'C' | 'D' | 'E' | 'F' =
      audit.score >= 95
        ? 'A+'
        : audit.score >= 85
          ? 'A'
          : audit.score >= 70
            ? 'B'
            : audit.score >= 55
              ? 'C'
              : audit.score >= 40
                ? 'D'
                : audit.score >= 25
                  ? 'E'
                  : 'F';
    return { url, finalUrl: response.url, httpStatus: response.status, grade, headers: found, missing, ...audit };
  },
});
