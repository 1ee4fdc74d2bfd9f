import { z } from 'zod';
import { buildAudit } from '../../lib/page/audit.ts';
import { definePageAudit } from '../../lib/page/define-url-tool.ts';
import { fetcherOf } from '../../lib/page/context.ts';
import { securityHeaderChecks } from '../../lib/page/security-headers.ts';

export default definePageAudit({
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
  fields: () => ({
    httpStatus: z.number().int(),
    grade: z.enum(['A+', 'A', 'B', 'C', 'D', 'E', 'F']),
    headers: z.record(z.string(), z.string()).describe('The security-relevant headers found (lower-case names)'),
    missing: z.array(z.string()),
  }),
  live: { 'a site': 'https://example.com/', 'a bare host': 'example.org' },
  offline: {
    title: 'no security headers, and a server version',
    finds: ['csp-missing', 'x-content-type-options-missing', 'clickjacking-unprotected', 'version-disclosure'],
  },
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
    return { finalUrl: response.url, httpStatus: response.status, grade, headers: found, missing, audit };
  },
});
