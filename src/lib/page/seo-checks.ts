import type { FetchResult } from '../../engines/fetch/fetcher.ts';
import { clip, type CheckInput } from './audit.ts';
import type { ParsedPage } from './html.ts';
import { DESCRIPTION_FONT_PX, DESCRIPTION_LIMIT_PX, pixelWidth, TITLE_FONT_PX, TITLE_LIMIT_PX } from './serp.ts';

/**
 * On-page SEO checks shared by analyze, meta-tags-analyzer, the bulk auditor and the diff tools, so
 * the same problem has the same finding id whichever tool reports it.
 */
export function statusCheck(response: FetchResult): CheckInput {
  const s = response.status;
  return {
    id: 'http-status',
    title: 'Page answers 200',
    status: s >= 200 && s < 300 ? 'pass' : 'fail',
    weight: 20,
    severity: 'high',
    evidence: `${s} ${response.statusText}${response.redirects.length ? ` after ${response.redirects.length} redirect(s)` : ''}`,
    fix: s >= 400 ? 'Restore the page or 301-redirect it to its replacement.' : 'Make the URL answer 200 directly.',
    problem: `Page answers ${s}`,
    findingId: s >= 500 ? 'http-status-5xx' : s >= 400 ? 'http-status-4xx' : 'http-status-not-200',
  };
}

export function httpsCheck(response: FetchResult): CheckInput {
  const ok = response.url.startsWith('https:');
  return {
    id: 'https',
    title: 'Served over HTTPS',
    status: ok ? 'pass' : 'fail',
    weight: 10,
    severity: 'high',
    evidence: response.url,
    fix: 'Serve the page over HTTPS and 301-redirect http:// to https://.',
    problem: 'Page is served over plain HTTP',
    findingId: 'no-https',
  };
}

export function titleChecks(page: ParsedPage): CheckInput[] {
  const title = page.title;
  const checks: CheckInput[] = [];
  if (!title) {
    checks.push({
      id: 'title',
      title: 'Title tag present',
      status: 'fail',
      weight: 15,
      severity: 'high',
      evidence: page.titles.length ? '<title> is empty' : 'no <title> element',
      fix: 'Add a unique, descriptive <title> of 30–60 characters with the main keyword first.',
      problem: 'Missing title',
      findingId: 'title-missing',
    });
    return checks;
  }
  checks.push({ id: 'title', title: 'Title tag present', status: 'pass', weight: 15, evidence: clip(title) });
  const len = [...title].length;
  const px = pixelWidth(title, TITLE_FONT_PX);
  checks.push({
    id: 'title-length',
    title: 'Title length 30–60 characters',
    status: len < 30 ? 'warn' : len > 60 || px > TITLE_LIMIT_PX ? 'warn' : 'pass',
    weight: 5,
    evidence: `${len} characters, ${px} px: ${clip(title, 120)}`,
    fix:
      len < 30
        ? 'Lengthen the title to 30–60 characters: add the main keyword and a differentiator.'
        : 'Shorten the title to at most 60 characters (about 580 px) so search results do not cut it.',
    problem: len < 30 ? 'Title is too short' : 'Title is too long and will be truncated',
    findingId: len < 30 ? 'title-too-short' : 'title-too-long',
  });
  if (page.titles.length > 1) {
    checks.push({
      id: 'title-single',
      title: 'Exactly one title tag',
      status: 'warn',
      weight: 3,
      evidence: `${page.titles.length} <title> elements`,
      fix: 'Keep a single <title> in <head>.',
      problem: 'Several title tags',
      findingId: 'title-multiple',
    });
  }
  return checks;
}

export function descriptionChecks(page: ParsedPage): CheckInput[] {
  const d = page.metaDescription;
  if (!d) {
    return [
      {
        id: 'meta-description',
        title: 'Meta description present',
        status: 'fail',
        weight: 10,
        severity: 'medium',
        evidence: page.metaDescriptions.length ? 'meta description is empty' : 'no <meta name="description">',
        fix: 'Add a <meta name="description"> of 70–160 characters that summarises the page and invites the click.',
        problem: 'Missing meta description',
        findingId: 'meta-description-missing',
      },
    ];
  }
  const len = [...d].length;
  const px = pixelWidth(d, DESCRIPTION_FONT_PX);
  const checks: CheckInput[] = [
    { id: 'meta-description', title: 'Meta description present', status: 'pass', weight: 10, evidence: clip(d) },
    {
      id: 'meta-description-length',
      title: 'Meta description 70–160 characters',
      status: len < 70 || len > 160 || px > DESCRIPTION_LIMIT_PX ? 'warn' : 'pass',
      weight: 5,
      evidence: `${len} characters, ${px} px`,
      fix: len < 70 ? 'Expand the description to 70–160 characters.' : 'Trim the description to at most 160 characters (about 920 px).',
      problem: len < 70 ? 'Meta description is too short' : 'Meta description is too long and will be truncated',
      findingId: len < 70 ? 'meta-description-too-short' : 'meta-description-too-long',
    },
  ];
  if (page.metaDescriptions.length > 1) {
    checks.push({
      id: 'meta-description-single',
      title: 'One meta description',
      status: 'warn',
      weight: 2,
      evidence: `${page.metaDescriptions.length} description tags`,
      fix: 'Keep a single meta description.',
      problem: 'Several meta descriptions',
      findingId: 'meta-description-multiple',
    });
  }
  return checks;
}

export function h1Check(page: ParsedPage): CheckInput {
  const h1s = page.headings.filter((h) => h.level === 1);
  const nonEmpty = h1s.filter((h) => h.text);
  return {
    id: 'h1',
    title: 'Exactly one H1',
    status: nonEmpty.length === 1 && h1s.length === 1 ? 'pass' : nonEmpty.length === 0 ? 'fail' : 'warn',
    weight: 10,
    severity: nonEmpty.length === 0 ? 'medium' : 'low',
    evidence: h1s.length === 0 ? 'no <h1>' : h1s.map((h) => clip(h.text || '(empty)', 80)).join(' | '),
    fix: nonEmpty.length === 0 ? 'Add one <h1> that states the page topic.' : 'Keep one <h1> per page; demote the others to <h2>.',
    problem: nonEmpty.length === 0 ? 'Missing H1' : 'Several H1 headings',
    findingId: nonEmpty.length === 0 ? 'h1-missing' : 'h1-multiple',
  };
}

export function headingOrderCheck(page: ParsedPage): CheckInput {
  const skips: string[] = [];
  let previous = 0;
  for (const h of page.headings) {
    if (previous > 0 && h.level > previous + 1) skips.push(`H${previous} → H${h.level} ("${clip(h.text, 40)}")`);
    previous = h.level;
  }
  return {
    id: 'heading-order',
    title: 'Heading levels do not skip',
    status: skips.length === 0 ? 'pass' : 'warn',
    weight: 5,
    evidence: skips.length === 0 ? `${page.headings.length} headings in order` : skips.slice(0, 5).join('; '),
    fix: 'Nest headings one level at a time (H1 → H2 → H3) so the outline is navigable.',
    problem: 'Heading levels are skipped',
    findingId: 'heading-level-skipped',
  };
}

export function imageAltCheck(page: ParsedPage): CheckInput {
  const missing = page.images.filter((i) => i.alt === null && i.role !== 'presentation');
  return {
    id: 'image-alt',
    title: 'Images have alt attributes',
    status: missing.length === 0 ? 'pass' : missing.length <= Math.max(1, page.images.length * 0.2) ? 'warn' : 'fail',
    weight: 10,
    evidence:
      page.images.length === 0
        ? 'no images'
        : `${missing.length} of ${page.images.length} images without alt${
            missing.length
              ? `: ${missing
                  .slice(0, 3)
                  .map((i) => i.raw)
                  .join(', ')}`
              : ''
          }`,
    fix: 'Give every content image a short descriptive alt; use alt="" for purely decorative images.',
    problem: 'Images without alt text',
    findingId: 'image-alt-missing',
  };
}

export function canonicalCheck(page: ParsedPage, response: FetchResult): CheckInput {
  const linkHeader = canonicalFromLinkHeader(response.headers.link, response.url);
  const all = [...page.canonicals, ...(linkHeader ? [linkHeader] : [])];
  const distinct = [...new Set(all)];
  if (distinct.length === 0) {
    return {
      id: 'canonical',
      title: 'Canonical URL declared',
      status: 'warn',
      weight: 5,
      evidence: 'no <link rel="canonical"> and no Link header',
      fix: `Add <link rel="canonical" href="${response.url}"> (or the preferred URL).`,
      problem: 'No canonical URL',
      findingId: 'canonical-missing',
    };
  }
  if (distinct.length > 1) {
    return {
      id: 'canonical',
      title: 'Canonical URL declared',
      status: 'fail',
      weight: 5,
      evidence: distinct.join(' | '),
      fix: 'Declare exactly one canonical URL; conflicting canonicals are ignored by search engines.',
      problem: 'Conflicting canonical URLs',
      findingId: 'canonical-multiple',
    };
  }
  return { id: 'canonical', title: 'Canonical URL declared', status: 'pass', weight: 5, evidence: distinct[0]! };
}

export function canonicalFromLinkHeader(link: string | undefined, base: string): string | null {
  if (!link) return null;
  for (const part of link.split(/,(?=\s*<)/)) {
    const m = /<([^>]*)>\s*;(.*)$/.exec(part.trim());
    if (m && /rel\s*=\s*"?[^";]*\bcanonical\b/i.test(m[2] ?? '')) {
      try {
        return new URL(m[1]!, base).href;
      } catch {
        return null;
      }
    }
  }
  return null;
}

export function robotsMetaCheck(page: ParsedPage, response: FetchResult): CheckInput {
  const header = response.headers['x-robots-tag'] ?? '';
  const directives = `${page.robots ?? ''} ${header}`.toLowerCase();
  const noindex = /\b(noindex|none)\b/.test(directives);
  return {
    id: 'indexable',
    title: 'Page is indexable (no noindex)',
    status: noindex ? 'fail' : 'pass',
    weight: 15,
    severity: 'high',
    evidence: [page.robots ? `meta robots: ${page.robots}` : 'no meta robots', header ? `X-Robots-Tag: ${header}` : ''].filter(Boolean).join('; '),
    fix: 'Remove noindex from the meta robots tag / X-Robots-Tag header if this page should appear in search.',
    problem: 'Page is set to noindex',
    findingId: 'noindex',
  };
}

export function viewportCheck(page: ParsedPage): CheckInput {
  const v = page.viewport ?? '';
  const ok = /width\s*=\s*device-width/i.test(v);
  return {
    id: 'viewport',
    title: 'Mobile viewport set',
    status: ok ? 'pass' : 'fail',
    weight: 5,
    evidence: v ? `viewport: ${v}` : 'no <meta name="viewport">',
    fix: 'Add <meta name="viewport" content="width=device-width, initial-scale=1">.',
    problem: 'No mobile viewport',
    findingId: 'viewport-missing',
  };
}

export function langCheck(page: ParsedPage): CheckInput {
  return {
    id: 'lang',
    title: 'Document language declared',
    status: page.lang ? 'pass' : 'warn',
    weight: 3,
    evidence: page.lang ? `<html lang="${page.lang}">` : '<html> has no lang attribute',
    fix: 'Add lang to <html>, e.g. <html lang="en">.',
    problem: 'No document language',
    findingId: 'lang-missing',
  };
}

export function openGraphCheck(page: ParsedPage): CheckInput {
  const missing = ['og:title', 'og:description', 'og:image'].filter((k) => !page.og[k]);
  return {
    id: 'open-graph',
    title: 'Open Graph title, description and image',
    status: missing.length === 0 ? 'pass' : missing.length === 3 ? 'fail' : 'warn',
    weight: 5,
    severity: 'low',
    evidence: missing.length === 0 ? `og:title "${clip(page.og['og:title'] ?? '', 60)}"` : `missing ${missing.join(', ')}`,
    fix: `Add ${missing.map((m) => `<meta property="${m}" content="…">`).join(', ')} so shares show a rich card.`,
    problem: 'Open Graph tags incomplete',
    findingId: 'open-graph-incomplete',
  };
}

export function structuredDataCheck(page: ParsedPage): CheckInput {
  const valid = page.jsonLd.filter((b) => b.error === null).length;
  const broken = page.jsonLd.filter((b) => b.error !== null);
  if (broken.length > 0) {
    return {
      id: 'structured-data',
      title: 'Structured data present and parsable',
      status: 'fail',
      weight: 5,
      evidence: `${broken.length} JSON-LD block(s) do not parse: ${clip(broken[0]!.error ?? '', 100)}`,
      fix: 'Fix the JSON syntax of the JSON-LD blocks (validate them with schema-markup-validator).',
      problem: 'Invalid JSON-LD',
      findingId: 'structured-data-invalid',
    };
  }
  const any = valid + page.microdataItems + page.rdfaItems;
  return {
    id: 'structured-data',
    title: 'Structured data present and parsable',
    status: any > 0 ? 'pass' : 'warn',
    weight: 5,
    severity: 'low',
    evidence: any > 0 ? `${valid} JSON-LD, ${page.microdataItems} microdata, ${page.rdfaItems} RDFa item(s)` : 'no structured data',
    fix: 'Describe the page with schema.org JSON-LD (Organization, Article, Product, BreadcrumbList… as fits).',
    problem: 'No structured data',
    findingId: 'structured-data-missing',
  };
}

export function contentLengthCheck(words: number): CheckInput {
  return {
    id: 'content-length',
    title: 'At least 300 words of content',
    status: words >= 300 ? 'pass' : words >= 100 ? 'warn' : 'fail',
    weight: 5,
    severity: 'low',
    evidence: `${words} words of visible text`,
    fix: 'Add substantive, original text that answers the searcher’s question (thin pages rank poorly).',
    problem: 'Thin content',
    findingId: 'thin-content',
  };
}

/**
 * The checks of a page's markup that come before its response-dependent ones (robots meta, canonical) in a
 * full analysis: titles, meta description and headings. Shared by lib/page/analysis.ts (live page) and
 * mcp/local.ts (pasted HTML), so both report the same findings in the same order.
 */
export function headChecks(page: ParsedPage): CheckInput[] {
  return [...titleChecks(page), ...descriptionChecks(page), h1Check(page), headingOrderCheck(page)];
}

/** The checks of a page's markup and text that follow: viewport, language, image alt, structured data, Open Graph, length. */
export function bodyChecks(page: ParsedPage, words: number): CheckInput[] {
  return [viewportCheck(page), langCheck(page), imageAltCheck(page), structuredDataCheck(page), openGraphCheck(page), contentLengthCheck(words)];
}
