import { buildAudit, clip, type Audit, type CheckInput } from '../lib/page/audit.ts';
import { parsePage, wordsOf, type ParsedPage } from '../lib/page/html.ts';
import { bodyChecks, contentLengthCheck, descriptionChecks, headChecks, openGraphCheck, structuredDataCheck, titleChecks } from '../lib/page/seo-checks.ts';
import { occurrences, readability, topPhrases } from '../lib/page/text.ts';
import type { LocalAnalysis } from './workflows.ts';

/**
 * Free local analysis (docs/contract.md "MCP": "local analysis of input.html/input.text unless enhance") of HTML
 * or text the caller hands over: nothing is fetched, nothing billed. It reuses the page-analysis checks
 * of src/lib/page, so a finding has the same id as when seo-tools/analyze reports it on the live page,
 * and verify_task can diff a local run against a live one.
 */
export interface LocalResult extends Audit {
  kind: 'page' | 'social' | 'structured-data' | 'text';
  facts: Record<string, unknown>;
}

/** The base URL relative links of pasted HTML resolve against when no `url` is given. */
const PLACEHOLDER_BASE = 'https://page.invalid/';

export function analyzeLocally(kind: LocalAnalysis, input: { html?: unknown; text?: unknown; url?: unknown; keyword?: unknown }): LocalResult {
  const keyword = typeof input.keyword === 'string' && input.keyword.trim() ? input.keyword.trim() : undefined;
  if (typeof input.html === 'string' && input.html.trim() !== '') {
    const base = typeof input.url === 'string' && /^https?:\/\//i.test(input.url) ? input.url : PLACEHOLDER_BASE;
    const page = parsePage(input.html, base);
    if (kind === 'social') return socialAnalysis(page);
    if (kind === 'structured-data') return structuredDataAnalysis(page);
    return pageAnalysis(page, keyword);
  }
  return textAnalysis(typeof input.text === 'string' ? input.text : '', keyword);
}

function pageAnalysis(page: ParsedPage, keyword: string | undefined): LocalResult {
  const words = wordsOf(page.text).length;
  const checks: CheckInput[] = [
    ...headChecks(page),
    ...bodyChecks(page, words),
    ...(keyword
      ? keywordChecks(keyword, {
          title: page.title ?? '',
          h1: page.headings.find((h) => h.level === 1)?.text ?? '',
          description: page.metaDescription ?? '',
          text: page.text,
        })
      : []),
  ];
  const audit = buildAudit(checks);
  const level = (n: number): number => page.headings.filter((h) => h.level === n).length;
  return {
    kind: 'page',
    ...audit,
    facts: {
      title: page.title,
      metaDescription: page.metaDescription,
      h1: page.headings.find((h) => h.level === 1)?.text ?? null,
      lang: page.lang,
      wordCount: words,
      headings: { h1: level(1), h2: level(2), h3: level(3) },
      images: { total: page.images.length, missingAlt: page.images.filter((i) => i.alt === null).length },
      readability: readability(page.text),
    },
  };
}

function socialAnalysis(page: ParsedPage): LocalResult {
  const og = page.og;
  const tw = page.twitter;
  const checks: CheckInput[] = [
    openGraphCheck(page),
    {
      id: 'og-url',
      title: 'og:url declared',
      status: og['og:url'] ? 'pass' : 'warn',
      weight: 3,
      evidence: og['og:url'] ?? 'no og:url',
      fix: 'Add <meta property="og:url" content="…"> with the canonical URL so shares count for one URL.',
      problem: 'No og:url',
      findingId: 'og-url-missing',
    },
    {
      id: 'twitter-card',
      title: 'Twitter/X card declared',
      status: tw['twitter:card'] ? 'pass' : 'warn',
      weight: 5,
      evidence: tw['twitter:card'] ?? 'no twitter:card',
      fix: 'Add <meta name="twitter:card" content="summary_large_image"> (X falls back to Open Graph for the rest).',
      problem: 'No Twitter/X card',
      findingId: 'twitter-card-missing',
    },
    {
      id: 'og-image',
      title: 'Preview image declared',
      status: og['og:image'] || tw['twitter:image'] ? 'pass' : 'fail',
      weight: 10,
      severity: 'high',
      evidence: og['og:image'] ?? tw['twitter:image'] ?? 'no og:image and no twitter:image',
      fix: 'Add <meta property="og:image" content="https://…/preview.png"> (1200×630 px, under 5 MB).',
      problem: 'No preview image: shares show a bare link',
      findingId: 'og-image-missing',
    },
  ];
  return { kind: 'social', ...buildAudit(checks), facts: { openGraph: og, twitter: tw } };
}

function structuredDataAnalysis(page: ParsedPage): LocalResult {
  const checks: CheckInput[] = [structuredDataCheck(page), ...titleChecks(page), ...descriptionChecks(page), openGraphCheck(page)];
  const types = new Set<string>();
  for (const block of page.jsonLd) collectTypes(block.value, types, 0);
  return {
    kind: 'structured-data',
    ...buildAudit(checks),
    facts: {
      jsonLdBlocks: page.jsonLd.length,
      invalidJsonBlocks: page.jsonLd.filter((b) => b.error !== null).length,
      types: [...types].sort(),
      microdataItems: page.microdataItems,
    },
  };
}

function collectTypes(value: unknown, types: Set<string>, depth: number): void {
  if (depth > 6 || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const v of value) collectTypes(v, types, depth + 1);
    return;
  }
  const record = value as Record<string, unknown>;
  const type = record['@type'];
  if (typeof type === 'string') types.add(type);
  if (Array.isArray(type)) for (const t of type) if (typeof t === 'string') types.add(t);
  if (Array.isArray(record['@graph'])) collectTypes(record['@graph'], types, depth + 1);
}

function textAnalysis(text: string, keyword: string | undefined): LocalResult {
  const stats = readability(text);
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  const longParagraphs = paragraphs.filter((p) => wordsOf(p).length > 150).length;
  const ease = stats.fleschReadingEase;
  const checks: CheckInput[] = [
    contentLengthCheck(stats.words),
    {
      id: 'readability',
      title: 'Readable for a general audience (Flesch reading ease ≥ 50)',
      status: stats.words === 0 ? 'info' : ease >= 60 ? 'pass' : ease >= 50 ? 'warn' : 'fail',
      weight: 10,
      evidence: `Flesch reading ease ${ease} (${stats.level}), ${stats.averageWordsPerSentence} words per sentence`,
      fix: 'Shorten sentences (aim for under 20 words) and prefer short, common words.',
      problem: 'Text is hard to read',
      findingId: 'readability-low',
    },
    {
      id: 'paragraph-length',
      title: 'Paragraphs under 150 words',
      status: longParagraphs === 0 ? 'pass' : 'warn',
      weight: 5,
      evidence: `${longParagraphs} of ${paragraphs.length} paragraph(s) over 150 words`,
      fix: 'Split long paragraphs; one idea per paragraph of 2–4 sentences scans better on screens.',
      problem: 'Long paragraphs',
      findingId: 'long-paragraphs',
    },
    ...(keyword ? keywordChecks(keyword, { title: '', h1: '', description: '', text }) : []),
  ];
  const phrases = topPhrases(text, 10);
  return {
    kind: 'text',
    ...buildAudit(checks),
    facts: {
      wordCount: stats.words,
      paragraphs: paragraphs.length,
      longParagraphs,
      readability: stats,
      topPhrases: phrases.bigrams.length > 0 ? phrases.bigrams : phrases.single,
    },
  };
}

function keywordChecks(keyword: string, parts: { title: string; h1: string; description: string; text: string }): CheckInput[] {
  const count = occurrences(parts.text, keyword);
  const total = Math.max(1, wordsOf(parts.text).length);
  const density = Math.round(((count * wordsOf(keyword).length * 100) / total) * 100) / 100;
  const checks: CheckInput[] = [
    {
      id: 'keyword-in-text',
      title: `Keyword "${clip(keyword, 60)}" used in the text (0.5–3 %)`,
      status: count === 0 ? 'fail' : density > 3 ? 'warn' : density < 0.5 ? 'warn' : 'pass',
      weight: 10,
      evidence: `${count} occurrence(s), density ${density} %`,
      fix:
        count === 0
          ? `Use "${keyword}" naturally in the opening paragraph and a subheading.`
          : density > 3
            ? 'Use the keyword less often; write for readers with synonyms and related terms.'
            : 'Mention the keyword a few more times where it fits naturally.',
      problem: count === 0 ? 'Keyword not used in the text' : density > 3 ? 'Keyword stuffing' : 'Keyword rarely used',
      findingId: count === 0 ? 'keyword-missing' : density > 3 ? 'keyword-stuffing' : 'keyword-rare',
    },
  ];
  if (parts.title || parts.h1) {
    const inTitle = occurrences(parts.title, keyword) > 0;
    const inH1 = occurrences(parts.h1, keyword) > 0;
    checks.push({
      id: 'keyword-in-title',
      title: 'Keyword in the title and H1',
      status: inTitle && inH1 ? 'pass' : inTitle || inH1 ? 'warn' : 'fail',
      weight: 10,
      evidence: `title: ${inTitle ? 'yes' : 'no'}, H1: ${inH1 ? 'yes' : 'no'}`,
      fix: `Put "${keyword}" near the start of the <title> and in the H1.`,
      problem: 'Keyword missing from title or H1',
      findingId: 'keyword-not-in-title',
    });
  }
  return checks;
}
