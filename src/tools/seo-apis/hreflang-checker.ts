import { z } from 'zod';
import { definePageAudit } from '../../lib/page/define-url-tool.ts';
import { ToolError } from '../../core/errors.ts';
import { buildAudit, type CheckInput } from '../../lib/page/audit.ts';
import { decodeBody, mapLimit } from '../../lib/page/context.ts';
import { parsePage } from '../../lib/page/html.ts';
import { loadPage } from '../../lib/page/load.ts';
import { lazyValue } from '../../lib/lazy.ts';

/** Built on first use: each loads ICU display-name data (docs/architecture.md "Libraries loaded on first use"). */
const languageNames = lazyValue(() => new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' }));
const regionNames = lazyValue(() => new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' }));

/** hreflang values: ISO 639-1 language, optional ISO 15924 script, optional ISO 3166-1 region; or x-default. */
export function validateHreflang(value: string): { valid: boolean; language: string | null; region: string | null; problem: string | null } {
  const v = value.trim();
  if (v.toLowerCase() === 'x-default') return { valid: true, language: null, region: null, problem: null };
  const m = /^([a-zA-Z]{2,3})(?:[-_]([a-zA-Z]{4}))?(?:[-_]([a-zA-Z]{2}|\d{3}))?$/.exec(v);
  if (!m) return { valid: false, language: null, region: null, problem: `"${v}" is not language[-Script][-REGION] (e.g. en, en-GB, zh-Hant-TW)` };
  if (v.includes('_')) return { valid: false, language: null, region: null, problem: `"${v}" uses an underscore; use a hyphen (${v.replace(/_/g, '-')})` };
  const lang = m[1]!.toLowerCase();
  const language = languageNames().of(lang) ?? null;
  if (!language || language === lang) return { valid: false, language: null, region: null, problem: `"${m[1]}" is not an ISO 639-1 language code` };
  let region: string | null = null;
  if (m[3]) {
    const r = m[3].toUpperCase();
    if (r === 'UK') return { valid: false, language, region: null, problem: '"UK" is not an ISO 3166-1 region; use GB' };
    region = regionNames().of(r) ?? null;
    if (!region || region === r) return { valid: false, language, region: null, problem: `"${m[3]}" is not an ISO 3166-1 region code` };
  }
  return { valid: true, language, region, problem: null };
}

export default definePageAudit({
  module: 'seo-apis',
  slug: 'hreflang-checker',
  title: 'Hreflang checker',
  description:
    'Reads a page’s hreflang annotations (<link rel="alternate" hreflang> and the HTTP Link header), validates each code ' +
    '(ISO 639-1 language, optional script and ISO 3166-1 region, x-default), finds duplicates and a missing self-reference or ' +
    'x-default, then fetches up to `maxAlternates` alternate pages and checks reciprocity: each must answer 200 and link back to this page.',
  keywords: ['hreflang', 'international seo', 'alternate language', 'x-default', 'multilingual', 'return links'],
  timeoutMs: 45_000,
  params: () => ({
    maxAlternates: z.coerce.number().int().min(0).max(30).default(10).describe('Alternate pages to fetch for the reciprocity check (0–30, default 10)'),
  }),
  fields: () => ({
    alternates: z.array(
      z.object({
        hreflang: z.string(),
        href: z.string().nullable(),
        source: z.enum(['html', 'header']),
        valid: z.boolean(),
        language: z.string().nullable(),
        region: z.string().nullable(),
        problem: z.string().nullable(),
        status: z.number().int().nullable().describe('HTTP status of the alternate (null: not fetched or failed)'),
        linksBack: z.boolean().nullable().describe('The alternate lists this page in its own hreflang set'),
        error: z.string().nullable(),
      }),
    ),
    hasXDefault: z.boolean(),
    selfReferenced: z.boolean(),
  }),
  live: { 'a multilingual page': 'https://example.com/en/', 'skip fetching alternates': { url: 'https://example.com/de/', maxAlternates: 0 } },
  offline: {
    title: 'a wrong region code, no x-default, no return links',
    finds: ['hreflang-invalid-code', 'hreflang-no-return-link', 'hreflang-no-x-default'],
  },
  run: async ({ url, maxAlternates }, ctx) => {
    const { page, response, fetcher } = await loadPage(ctx, url);
    const fromHeader: Array<{ hreflang: string; href: string | null }> = [];
    for (const part of (response.headers.link ?? '').split(/,(?=\s*<)/)) {
      const m = /<([^>]*)>(.*)$/.exec(part.trim());
      const hl = m ? /hreflang\s*=\s*"?([^";\s]+)/i.exec(m[2] ?? '')?.[1] : undefined;
      if (m && hl && /rel\s*=\s*"?[^";]*alternate/i.test(m[2] ?? '')) {
        let href: string | null = null;
        try {
          href = new URL(m[1]!, response.url).href;
        } catch {
          href = null;
        }
        fromHeader.push({ hreflang: hl, href });
      }
    }
    const entries = [
      ...page.hreflang.map((h) => ({ hreflang: h.hreflang, href: h.href, source: 'html' as const })),
      ...fromHeader.map((h) => ({ ...h, source: 'header' as const })),
    ];
    const norm = (u: string | null): string => (u ?? '').replace(/#.*$/, '').replace(/\/$/, '');
    const self = norm(response.url);
    const toFetch = [...new Set(entries.map((e) => e.href).filter((h): h is string => h !== null && norm(h) !== self))].slice(0, maxAlternates);
    if (entries.length && new Set(entries.map((e) => e.href)).size - 1 > maxAlternates)
      ctx.warn(`Fetched ${maxAlternates} alternates for the reciprocity check.`);
    const fetched = new Map<string, { status: number | null; linksBack: boolean | null; error: string | null }>();
    await mapLimit(toFetch, 5, async (href) => {
      try {
        const r = await fetcher.fetch(href, { field: 'url' });
        const p = parsePage(decodeBody(r.body, r.contentType), r.url);
        const back = p.hreflang.some((h) => norm(h.href) === self) || (r.headers.link ?? '').includes(response.url);
        fetched.set(href, { status: r.redirects.length ? r.redirects[0]!.status : r.status, linksBack: back, error: null });
      } catch (e) {
        if (e instanceof ToolError && e.code === 'forbidden_target')
          fetched.set(href, { status: null, linksBack: null, error: e.detail.replace(/^url: /, '') });
        else fetched.set(href, { status: null, linksBack: null, error: e instanceof ToolError ? e.detail.replace(/^url: /, '') : String(e) });
      }
    });
    const alternates = entries.map((e) => {
      const v = validateHreflang(e.hreflang);
      const isSelf = norm(e.href) === self;
      const f = e.href && !isSelf ? fetched.get(e.href) : undefined;
      return {
        hreflang: e.hreflang,
        href: e.href,
        source: e.source,
        valid: v.valid,
        language: v.language,
        region: v.region,
        problem: v.problem,
        status: isSelf ? response.status : (f?.status ?? null),
        linksBack: isSelf ? true : (f?.linksBack ?? null),
        error: f?.error ?? null,
      };
    });
    const hasXDefault = alternates.some((a) => a.hreflang.toLowerCase() === 'x-default');
    const selfReferenced = alternates.some((a) => norm(a.href) === self);
    const invalid = alternates.filter((a) => !a.valid);
    const codes = new Map<string, Set<string>>();
    for (const a of alternates) codes.set(a.hreflang.toLowerCase(), (codes.get(a.hreflang.toLowerCase()) ?? new Set()).add(norm(a.href)));
    const conflicting = [...codes.entries()].filter(([, hrefs]) => hrefs.size > 1).map(([c]) => c);
    const notBack = alternates.filter((a) => a.linksBack === false);
    const broken = alternates.filter((a) => a.status !== null && (a.status < 200 || a.status >= 300));
    const checks: CheckInput[] = [];
    if (alternates.length === 0) {
      checks.push({
        id: 'hreflang-present',
        title: 'hreflang annotations present',
        status: 'info',
        evidence: 'no hreflang annotations (fine for a single-language site)',
        fix: '',
      });
    } else {
      checks.push({
        id: 'hreflang-codes',
        title: 'hreflang codes are valid',
        status: invalid.length ? 'fail' : 'pass',
        weight: 25,
        severity: 'high',
        evidence: invalid.length ? invalid.map((a) => a.problem).join('; ') : `${alternates.length} valid codes`,
        fix: 'Use ISO 639-1 language codes with optional ISO 3166-1 regions (en-GB, not en-UK or en_GB).',
        problem: 'Invalid hreflang codes',
        findingId: 'hreflang-invalid-code',
      });
      checks.push({
        id: 'hreflang-self',
        title: 'Page references itself',
        status: selfReferenced ? 'pass' : 'fail',
        weight: 15,
        evidence: selfReferenced ? 'self-referencing hreflang present' : `no hreflang points at ${response.url}`,
        fix: 'Include this page in its own hreflang set.',
        problem: 'No self-referencing hreflang',
        findingId: 'hreflang-no-self',
      });
      checks.push({
        id: 'hreflang-x-default',
        title: 'x-default declared',
        status: hasXDefault ? 'pass' : 'warn',
        weight: 10,
        severity: 'low',
        evidence: hasXDefault ? 'x-default present' : 'no x-default',
        fix: 'Add hreflang="x-default" pointing at the language selector or default version.',
        problem: 'No x-default',
        findingId: 'hreflang-no-x-default',
      });
      checks.push({
        id: 'hreflang-unique',
        title: 'Each code points to one URL',
        status: conflicting.length ? 'fail' : 'pass',
        weight: 10,
        evidence: conflicting.length ? `conflicting: ${conflicting.join(', ')}` : 'no conflicts',
        fix: 'Give each hreflang code exactly one URL.',
        problem: 'Conflicting hreflang codes',
        findingId: 'hreflang-conflict',
      });
      if (toFetch.length) {
        checks.push({
          id: 'hreflang-reciprocal',
          title: 'Alternates link back (return links)',
          status: notBack.length ? 'fail' : 'pass',
          weight: 25,
          severity: 'high',
          evidence: notBack.length
            ? `no return link from ${notBack
                .map((a) => `${a.hreflang} ${a.href}`)
                .slice(0, 4)
                .join(', ')}`
            : `${fetched.size} alternate(s) link back`,
          fix: 'Every alternate must list this page too; hreflang without return links is ignored.',
          problem: 'Missing hreflang return links',
          findingId: 'hreflang-no-return-link',
        });
        checks.push({
          id: 'hreflang-alternates-ok',
          title: 'Alternates answer 200',
          status: broken.length ? 'fail' : 'pass',
          weight: 15,
          evidence: broken.length
            ? broken
                .map((a) => `${a.href} → ${a.status}`)
                .slice(0, 4)
                .join(', ')
            : 'all 200',
          fix: 'Point hreflang at final 200 URLs (not redirects or errors).',
          problem: 'Broken hreflang alternates',
          findingId: 'hreflang-alternate-broken',
        });
      }
    }
    return { finalUrl: response.url, alternates, hasXDefault, selfReferenced, audit: buildAudit(checks) };
  },
});
