import { z } from 'zod';
import { definePageAudit } from '../../lib/page/define-url-tool.ts';
import { ToolError } from '../../core/errors.ts';
import { buildAudit, type CheckInput, type Finding } from '../../lib/page/audit.ts';
import { boolParam, mapLimit } from '../../lib/page/context.ts';
import { loadPage } from '../../lib/page/load.ts';
import { digest, parseIntegrity } from '../../lib/page/sri.ts';

/** A check's evidence: the first `max` offending resources, each as `show` writes it. */
function listed<T>(items: readonly T[], max: number, show: (item: T) => string, separator: string): string {
  return items.slice(0, max).map(show).join(separator);
}

export default definePageAudit({
  module: 'security-apis',
  slug: 'subresource-integrity-checker',
  title: 'Subresource Integrity (SRI) checker',
  description:
    'Lists the scripts and stylesheets a page loads and reports their Subresource Integrity: cross-origin resources without an ' +
    'integrity attribute (a compromised CDN could inject code), malformed integrity values, weak algorithms, integrity without ' +
    'crossorigin (the browser then fails the load), and — with `verify` (default true) — downloads up to 20 resources and checks ' +
    'that the hash matches. Also answers POST {url}.',
  keywords: ['sri', 'subresource integrity', 'integrity attribute', 'cdn security', 'supply chain', 'script integrity'],
  timeoutMs: 40_000,
  params: () => ({
    verify: boolParam(true, 'Download resources that declare integrity and verify the hash (default true)'),
  }),
  fields: () => ({
    resources: z.array(
      z.object({
        tag: z.enum(['script', 'link']),
        url: z.string(),
        crossOrigin: z.boolean(),
        integrity: z.string().nullable(),
        crossoriginAttribute: z.string().nullable(),
        algorithms: z.array(z.string()),
        verified: z.enum(['match', 'mismatch', 'not-checked', 'fetch-failed', 'invalid']).describe('Result of downloading the resource and hashing it'),
        issue: z.string().nullable(),
      }),
    ),
    summary: z.object({
      total: z.number().int(),
      crossOrigin: z.number().int(),
      withIntegrity: z.number().int(),
      crossOriginWithoutIntegrity: z.number().int(),
    }),
  }),
  live: { 'a page': 'https://example.com/', 'without downloading resources': { url: 'https://example.com/', verify: false } },
  offline: { title: 'a third-party script without integrity', finds: ['sri-missing-script'], input: { url: 'https://broken-shop.example/', verify: false } },
  run: async ({ url, verify }, ctx) => {
    const { page, response, fetcher } = await loadPage(ctx, url);
    const origin = new URL(response.url).origin;
    const list = page.resources.filter((r) => r.tag === 'script' || (r.tag === 'link' && /\b(stylesheet|modulepreload|preload)\b/i.test(r.rel ?? '')));
    let toVerify = 0;
    const resources = await mapLimit(list, 6, async (r) => {
      const crossOrigin = new URL(r.url).origin !== origin;
      const parsed = r.integrity ? parseIntegrity(r.integrity) : [];
      const algorithms = parsed.filter((p) => p.valid).map((p) => p.algorithm);
      let verified: 'match' | 'mismatch' | 'not-checked' | 'fetch-failed' | 'invalid' = 'not-checked';
      let issue: string | null = null;
      if (r.integrity !== null && algorithms.length === 0) {
        verified = 'invalid';
        issue = `integrity "${r.integrity.slice(0, 60)}" is not sha256-/sha384-/sha512-<base64>`;
      } else if (r.integrity !== null && verify && toVerify++ < 20) {
        try {
          const res = await fetcher.fetch(r.url, { field: 'url' });
          const strongest = ['sha512', 'sha384', 'sha256'].find((a) => algorithms.includes(a))!;
          const expected = parsed.filter((p) => p.valid && p.algorithm === strongest).map((p) => p.digest);
          verified = res.status < 300 && expected.includes(digest(res.body, strongest)) ? 'match' : 'mismatch';
          if (verified === 'mismatch')
            issue = res.status >= 300 ? `resource answers ${res.status}` : `the ${strongest} hash of the file does not match: browsers will refuse to run it`;
        } catch (e) {
          if (e instanceof ToolError && e.code === 'forbidden_target') {
            verified = 'fetch-failed';
            issue = e.detail.replace(/^url: /, '');
          } else {
            verified = 'fetch-failed';
            issue = e instanceof ToolError ? e.detail.replace(/^url: /, '') : String(e);
          }
        }
      }
      if (!issue && crossOrigin && r.integrity === null) issue = 'cross-origin resource without integrity';
      if (!issue && r.integrity !== null && crossOrigin && r.crossorigin === null)
        issue = 'integrity without a crossorigin attribute: the browser blocks the cross-origin load';
      return {
        tag: r.tag as 'script' | 'link',
        url: r.url,
        crossOrigin,
        integrity: r.integrity,
        crossoriginAttribute: r.crossorigin,
        algorithms,
        verified,
        issue,
      };
    });
    const xo = resources.filter((r) => r.crossOrigin);
    const missingScripts = xo.filter((r) => r.integrity === null && r.tag === 'script');
    const missingStyles = xo.filter((r) => r.integrity === null && r.tag === 'link');
    const mismatched = resources.filter((r) => r.verified === 'mismatch' || r.verified === 'invalid');
    const noCors = resources.filter((r) => r.crossOrigin && r.integrity !== null && r.crossoriginAttribute === null);
    const weak = resources.filter((r) => r.algorithms.length > 0 && r.algorithms.every((a) => a === 'sha256'));
    const checks: CheckInput[] = [
      {
        id: 'sri-scripts',
        title: 'Cross-origin scripts have integrity',
        status: missingScripts.length ? 'fail' : 'pass',
        weight: 40,
        severity: 'high',
        evidence: missingScripts.length
          ? listed(missingScripts, 5, (r) => r.url, ', ')
          : `${xo.filter((r) => r.tag === 'script').length} cross-origin scripts, all with integrity`,
        fix: 'Add integrity="sha384-…" crossorigin="anonymous" to third-party <script> tags (pin the exact file version).',
        problem: `${missingScripts.length} cross-origin script(s) without SRI`,
        findingId: 'sri-missing-script',
      },
      {
        id: 'sri-styles',
        title: 'Cross-origin stylesheets have integrity',
        status: missingStyles.length ? 'warn' : 'pass',
        weight: 20,
        severity: 'medium',
        evidence: missingStyles.length ? listed(missingStyles, 5, (r) => r.url, ', ') : 'none missing',
        fix: 'Add integrity and crossorigin="anonymous" to third-party stylesheets.',
        problem: `${missingStyles.length} cross-origin stylesheet(s) without SRI`,
        findingId: 'sri-missing-style',
      },
      {
        id: 'sri-valid',
        title: 'Integrity values are valid and match',
        status: mismatched.length ? 'fail' : 'pass',
        weight: 25,
        severity: 'high',
        evidence: mismatched.length ? listed(mismatched, 3, (r) => `${r.url}: ${r.issue}`, '; ') : 'no mismatches',
        fix: 'Regenerate the hash for the exact file served (e.g. openssl dgst -sha384 -binary file | openssl base64 -A).',
        problem: 'SRI hash invalid or mismatched',
        findingId: 'sri-mismatch',
      },
      {
        id: 'sri-crossorigin',
        title: 'crossorigin set with integrity',
        status: noCors.length ? 'fail' : 'pass',
        weight: 10,
        evidence: noCors.length ? listed(noCors, 3, (r) => r.url, ', ') : 'all set',
        fix: 'Add crossorigin="anonymous" next to integrity on cross-origin resources.',
        problem: 'integrity without crossorigin',
        findingId: 'sri-no-crossorigin',
      },
      {
        id: 'sri-algorithm',
        title: 'SHA-384 or SHA-512 used',
        status: weak.length ? 'warn' : 'pass',
        weight: 5,
        severity: 'low',
        evidence: weak.length ? `${weak.length} resource(s) use only sha256` : 'strong algorithms',
        fix: 'Prefer sha384 (the common recommendation).',
        problem: 'Only SHA-256 integrity',
        findingId: 'sri-weak-algorithm',
      },
    ];
    const extra: Finding[] = [];
    return {
      finalUrl: response.url,
      resources,
      summary: {
        total: resources.length,
        crossOrigin: xo.length,
        withIntegrity: resources.filter((r) => r.integrity !== null).length,
        crossOriginWithoutIntegrity: missingScripts.length + missingStyles.length,
      },
      audit: buildAudit(checks, extra),
    };
  },
});
