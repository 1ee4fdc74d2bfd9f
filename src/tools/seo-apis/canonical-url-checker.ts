import { z } from 'zod';
import { definePageAudit } from '../../lib/page/define-url-tool.ts';
import { ToolError } from '../../core/errors.ts';
import { buildAudit, type CheckInput } from '../../lib/page/audit.ts';
import { loadPage } from '../../lib/page/load.ts';
import { canonicalFromLinkHeader } from '../../lib/page/seo-checks.ts';
import { parsePage } from '../../lib/page/html.ts';
import { decodeBody } from '../../lib/page/context.ts';

export default definePageAudit({
  module: 'seo-apis',
  slug: 'canonical-url-checker',
  title: 'Canonical URL checker',
  description:
    'Finds the canonical URL a page declares (<link rel="canonical"> in the HTML and the HTTP Link header) and checks it: exactly ' +
    'one, absolute, same protocol and host, self-referencing or not, consistent with og:url, not combined with noindex, and — by ' +
    'requesting it — that the canonical target answers 200 without redirecting and declares itself canonical.',
  keywords: ['canonical', 'rel canonical', 'canonical tag', 'duplicate content', 'canonical checker'],
  timeoutMs: 25_000,
  fields: () => ({
    httpStatus: z.number().int(),
    canonical: z.string().nullable(),
    htmlCanonicals: z.array(z.string()).describe('As written in the HTML'),
    headerCanonical: z.string().nullable().describe('From the HTTP Link header'),
    selfReferencing: z.boolean().nullable(),
    ogUrl: z.string().nullable(),
    target: z
      .object({
        status: z.number().int().nullable(),
        finalUrl: z.string().nullable(),
        redirects: z.number().int(),
        canonical: z.string().nullable(),
        error: z.string().nullable(),
      })
      .nullable()
      .describe('What the canonical URL answers'),
  }),
  live: { 'a page': 'https://example.com/', 'a page with query parameters': 'https://example.com/shoes?color=red' },
  offline: { title: 'a canonical that points to a 404', finds: ['canonical-target-broken'] },
  run: async ({ url }, ctx) => {
    const { response, page, fetcher } = await loadPage(ctx, url);
    const header = canonicalFromLinkHeader(response.headers.link, response.url);
    const declared = [...new Set([...page.canonicals, ...(header ? [header] : [])])];
    const canonical = declared[0] ?? null;
    const checks: CheckInput[] = [];
    const norm = (u: string): string => u.replace(/\/$/, '').replace(/#.*$/, '');
    checks.push({
      id: 'canonical-present',
      title: 'Declares a canonical URL',
      status: declared.length ? 'pass' : 'warn',
      weight: 20,
      evidence: declared.length ? declared.join(' | ') : 'none in HTML or Link header',
      fix: `Add <link rel="canonical" href="${response.url}"> to <head>.`,
      problem: 'No canonical URL',
      findingId: 'canonical-missing',
    });
    let target: { status: number | null; finalUrl: string | null; redirects: number; canonical: string | null; error: string | null } | null = null;
    if (declared.length) {
      checks.push({
        id: 'canonical-single',
        title: 'Exactly one canonical',
        status: declared.length === 1 && page.canonicalsRaw.length <= 1 ? 'pass' : 'fail',
        weight: 15,
        severity: 'high',
        evidence: `${page.canonicalsRaw.length} in HTML${header ? ', 1 in Link header' : ''}: ${declared.join(' | ')}`,
        fix: 'Keep one canonical declaration; conflicting ones are all ignored.',
        problem: 'Several canonical URLs',
        findingId: 'canonical-multiple',
      });
      const relative = page.canonicalsRaw.filter((r) => !/^https?:\/\//i.test(r.trim()));
      checks.push({
        id: 'canonical-absolute',
        title: 'Canonical is an absolute URL',
        status: relative.length ? 'warn' : 'pass',
        weight: 5,
        evidence: relative.length ? `href="${relative[0]}"` : canonical!,
        fix: 'Write the canonical as an absolute https:// URL.',
        problem: 'Relative canonical URL',
        findingId: 'canonical-relative',
      });
      const c = new URL(canonical!);
      const f = new URL(response.url);
      checks.push({
        id: 'canonical-same-host',
        title: 'Canonical on the same host and protocol',
        status: c.host === f.host && c.protocol === f.protocol ? 'pass' : 'warn',
        weight: 10,
        evidence: `${c.protocol}//${c.host} vs page ${f.protocol}//${f.host}`,
        fix: 'Point the canonical to the preferred https host of this same page, unless it is deliberately cross-domain.',
        problem: 'Canonical points to another host or protocol',
        findingId: 'canonical-cross-host',
      });
      const noindex = /noindex/i.test(`${page.robots ?? ''} ${response.headers['x-robots-tag'] ?? ''}`);
      if (noindex)
        checks.push({
          id: 'canonical-noindex',
          title: 'Not combined with noindex',
          status: 'fail',
          weight: 10,
          severity: 'high',
          evidence: `robots: ${page.robots ?? response.headers['x-robots-tag']}`,
          fix: 'Use either noindex or a canonical to another URL, not both (they send opposite signals).',
          problem: 'Canonical combined with noindex',
          findingId: 'canonical-with-noindex',
        });
      const og = page.og['og:url'];
      if (og)
        checks.push({
          id: 'canonical-og-url',
          title: 'og:url matches the canonical',
          status: norm(og) === norm(canonical!) ? 'pass' : 'warn',
          weight: 5,
          severity: 'low',
          evidence: `og:url ${og}`,
          fix: 'Set og:url to the canonical URL.',
          problem: 'og:url differs from the canonical',
          findingId: 'canonical-og-mismatch',
        });
      if (norm(canonical!) === norm(response.url)) {
        target = { status: response.status, finalUrl: response.url, redirects: 0, canonical, error: null };
      } else {
        try {
          const r = await fetcher.fetch(canonical!, { field: 'url' });
          const tp = parsePage(decodeBody(r.body, r.contentType), r.url);
          target = {
            status: r.status,
            finalUrl: r.url,
            redirects: r.redirects.length,
            canonical: tp.canonicals[0] ?? canonicalFromLinkHeader(r.headers.link, r.url),
            error: null,
          };
        } catch (e) {
          target = { status: null, finalUrl: null, redirects: 0, canonical: null, error: e instanceof ToolError ? e.detail : String(e) };
        }
      }
      const ok = target.status !== null && target.status >= 200 && target.status < 300 && target.redirects === 0;
      checks.push({
        id: 'canonical-target-ok',
        title: 'Canonical target answers 200 without redirect',
        status: ok ? 'pass' : 'fail',
        weight: 25,
        severity: 'high',
        evidence: target.error ?? `${target.status}${target.redirects ? ` after ${target.redirects} redirect(s) to ${target.finalUrl}` : ''}`,
        fix: 'Point the canonical at the final, 200 URL (not at a redirect, 404 or error page).',
        problem: 'Canonical target does not answer 200 directly',
        findingId: 'canonical-target-broken',
      });
      if (ok && target.canonical && norm(target.canonical) !== norm(target.finalUrl ?? '')) {
        checks.push({
          id: 'canonical-chain',
          title: 'Canonical target is canonical itself',
          status: 'warn',
          weight: 10,
          evidence: `${canonical} declares ${target.canonical}`,
          fix: 'Point directly at the final canonical; chains of canonicals may be ignored.',
          problem: 'Canonical chain',
          findingId: 'canonical-chain',
        });
      }
    }
    return {
      finalUrl: response.url,
      httpStatus: response.status,
      canonical,
      htmlCanonicals: page.canonicalsRaw,
      headerCanonical: header,
      selfReferencing: canonical ? norm(canonical) === norm(response.url) : null,
      ogUrl: page.og['og:url'] ?? null,
      target,
      audit: buildAudit(checks),
    };
  },
});
