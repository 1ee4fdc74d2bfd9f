import { z } from 'zod';
import { definePageAudit } from '../../lib/page/define-url-tool.ts';
import { buildAudit, type CheckInput } from '../../lib/page/audit.ts';
import { loadPage } from '../../lib/page/load.ts';
import { DATE_PROPS, ISO_DATE, TYPE_RULES, URL_PROPS } from '../../lib/page/schema-rules.ts';

interface Item {
  type: string;
  path: string;
  source: 'json-ld' | 'microdata';
  properties: string[];
  errors: string[];
  warnings: string[];
}

export default definePageAudit({
  module: 'seo-apis',
  slug: 'schema-markup-validator',
  title: 'Schema markup validator',
  description:
    'Extracts the structured data of a page (JSON-LD, including @graph and nested items, and microdata) and validates the common ' +
    'schema.org types Google shows rich results for — Article, Product/Offer, Organization, LocalBusiness, BreadcrumbList, FAQPage, ' +
    'WebSite, Event, Recipe, VideoObject, Review/AggregateRating, HowTo, JobPosting, SoftwareApplication, Person and more: JSON ' +
    'syntax, @context, @type, required and recommended properties, ISO 8601 dates, absolute URLs and breadcrumb positions.',
  keywords: ['schema markup', 'structured data', 'json-ld', 'rich results', 'schema.org validator', 'microdata'],
  fields: () => ({
    jsonLdBlocks: z.number().int(),
    invalidJsonBlocks: z.array(z.object({ index: z.number().int(), error: z.string(), excerpt: z.string() })),
    types: z.array(z.string()),
    items: z.array(
      z.object({
        type: z.string(),
        path: z.string(),
        source: z.enum(['json-ld', 'microdata']),
        properties: z.array(z.string()),
        errors: z.array(z.string()),
        warnings: z.array(z.string()),
      }),
    ),
  }),
  live: { 'a product page': 'https://example.com/product/1', 'an article': 'https://example.com/blog/post' },
  offline: {
    title: 'a JSON-LD block that is not JSON, and a Product without its required fields',
    finds: ['structured-data-invalid', 'schema-required-missing'],
  },
  run: async ({ url }, ctx) => {
    const { page, response } = await loadPage(ctx, url);
    const items: Item[] = [];
    const invalid = page.jsonLd
      .map((b, index) => ({ index, error: b.error, excerpt: b.raw.slice(0, 120) }))
      .filter((b): b is { index: number; error: string; excerpt: string } => b.error !== null);
    page.jsonLd.forEach((block, i) => {
      if (block.error !== null) return;
      const roots = Array.isArray(block.value) ? block.value : [block.value];
      roots.forEach((root, j) => {
        const base = roots.length > 1 ? `jsonld[${i}][${j}]` : `jsonld[${i}]`;
        const ctxValue = (root as Record<string, unknown> | null)?.['@context'];
        const ctxOk =
          typeof ctxValue === 'string' ? /schema\.org/i.test(ctxValue) : Array.isArray(ctxValue) || (typeof ctxValue === 'object' && ctxValue !== null);
        const graph = (root as Record<string, unknown> | null)?.['@graph'];
        if (Array.isArray(graph)) graph.forEach((g, k) => walk(g, `${base}.@graph[${k}]`, items, 0, ctxOk));
        else walk(root, base, items, 0, ctxOk);
      });
    });
    page.$('[itemscope]').each((i, el) => {
      if (page.$(el).parents('[itemscope]').length > 0) return;
      const type = (page.$(el).attr('itemtype') ?? '').split(/\s+/)[0]?.replace(/^https?:\/\/schema\.org\//, '') ?? '';
      const props = [
        ...new Set(
          page
            .$(el)
            .find('[itemprop]')
            .toArray()
            .map((p) => page.$(p).attr('itemprop') ?? ''),
        ),
      ].filter(Boolean);
      const item: Item = { type: type || '(none)', path: `microdata[${i}]`, source: 'microdata', properties: props, errors: [], warnings: [] };
      if (!type) item.errors.push('itemscope without itemtype');
      applyRules(item, new Set(props));
      items.push(item);
    });
    const errors = items.reduce((n, it) => n + it.errors.length, 0);
    const warnings = items.reduce((n, it) => n + it.warnings.length, 0);
    const checks: CheckInput[] = [
      {
        id: 'structured-data-present',
        title: 'Page has structured data',
        status: items.length > 0 || invalid.length > 0 ? 'pass' : 'fail',
        weight: 20,
        severity: 'low',
        evidence: `${page.jsonLd.length} JSON-LD block(s), ${items.filter((i) => i.source === 'microdata').length} microdata item(s)`,
        fix: 'Add schema.org JSON-LD describing the page (e.g. Organization on the home page, Article on posts, Product on product pages).',
        problem: 'No structured data',
        findingId: 'structured-data-missing',
      },
      {
        id: 'json-ld-syntax',
        title: 'JSON-LD parses',
        status: invalid.length ? 'fail' : 'pass',
        weight: 30,
        severity: 'high',
        evidence: invalid.length ? `block ${invalid[0]!.index}: ${invalid[0]!.error}` : 'all blocks parse',
        fix: 'Fix the JSON syntax (trailing commas, unescaped quotes, comments are not allowed).',
        problem: 'JSON-LD does not parse',
        findingId: 'structured-data-invalid',
      },
      {
        id: 'schema-required',
        title: 'Required properties present',
        status: errors ? 'fail' : 'pass',
        weight: 35,
        severity: 'high',
        evidence: errors
          ? items
              .filter((i) => i.errors.length)
              .slice(0, 3)
              .map((i) => `${i.type} (${i.path}): ${i.errors[0]}`)
              .join('; ')
          : `${items.length} item(s) complete`,
        fix: 'Add the missing required properties; without them the item is not eligible for rich results.',
        problem: `${errors} structured-data error(s)`,
        findingId: 'schema-required-missing',
      },
      {
        id: 'schema-recommended',
        title: 'Recommended properties present',
        status: warnings ? 'warn' : 'pass',
        weight: 15,
        severity: 'low',
        evidence: warnings
          ? items
              .filter((i) => i.warnings.length)
              .slice(0, 3)
              .map((i) => `${i.type}: ${i.warnings[0]}`)
              .join('; ')
          : 'none missing',
        fix: 'Add the recommended properties to make the rich result more complete.',
        problem: `${warnings} structured-data warning(s)`,
        findingId: 'schema-recommended-missing',
      },
    ];
    return {
      finalUrl: response.url,
      jsonLdBlocks: page.jsonLd.length,
      invalidJsonBlocks: invalid,
      types: [...new Set(items.map((i) => i.type))].sort(),
      items: items.slice(0, 200),
      audit: buildAudit(checks),
    };
  },
});

function walk(node: unknown, path: string, out: Item[], depth: number, contextOk: boolean): void {
  if (depth > 8 || node === null || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    node.forEach((n, i) => walk(n, `${path}[${i}]`, out, depth + 1, contextOk));
    return;
  }
  const o = node as Record<string, unknown>;
  const rawType = o['@type'];
  const types = (Array.isArray(rawType) ? rawType : [rawType])
    .filter((t): t is string => typeof t === 'string')
    .map((t) => t.replace(/^https?:\/\/schema\.org\//, ''));
  const props = Object.keys(o).filter((k) => !k.startsWith('@'));
  if (types.length > 0 || depth === 0) {
    const item: Item = { type: types.join(',') || '(none)', path, source: 'json-ld', properties: props, errors: [], warnings: [] };
    if (depth === 0 && !contextOk) item.errors.push('@context is missing or not https://schema.org');
    if (types.length === 0) item.errors.push('@type is missing');
    applyRules(item, new Set(props));
    for (const p of props) {
      const v = o[p];
      if (DATE_PROPS.has(p) && typeof v === 'string' && !ISO_DATE.test(v.trim())) item.errors.push(`${p} "${v}" is not an ISO 8601 date`);
      if (URL_PROPS.has(p) && typeof v === 'string' && v && !/^https?:\/\//i.test(v)) item.warnings.push(`${p} "${v.slice(0, 60)}" is not an absolute URL`);
    }
    if (types.includes('BreadcrumbList') && Array.isArray(o.itemListElement)) {
      (o.itemListElement as unknown[]).forEach((li, i) => {
        const pos = (li as Record<string, unknown> | null)?.position;
        if (Number(pos) !== i + 1) item.errors.push(`itemListElement[${i}] has position ${String(pos)}, expected ${i + 1}`);
        const liObj = li as Record<string, unknown> | null;
        if (!liObj?.name && !(liObj?.item as Record<string, unknown> | null)?.name) item.errors.push(`itemListElement[${i}] has no name`);
        if (i < (o.itemListElement as unknown[]).length - 1 && !liObj?.item)
          item.errors.push(`itemListElement[${i}] has no item URL (only the last may omit it)`);
      });
    }
    if (types.includes('FAQPage') && o.mainEntity !== undefined) {
      const qs = Array.isArray(o.mainEntity) ? o.mainEntity : [o.mainEntity];
      if (qs.length === 0) item.errors.push('mainEntity lists no Question');
    }
    out.push(item);
  }
  for (const [k, v] of Object.entries(o)) if (!k.startsWith('@') && typeof v === 'object') walk(v, `${path}.${k}`, out, depth + 1, true);
}

function applyRules(item: Item, props: Set<string>): void {
  for (const type of item.type.split(',')) {
    const rule = TYPE_RULES[type];
    if (!rule) continue;
    for (const r of rule.required) if (!props.has(r)) item.errors.push(`missing required property ${r}`);
    for (const group of rule.anyOf ?? []) if (!group.some((g) => props.has(g))) item.errors.push(`needs one of ${group.join(', ')}`);
    for (const r of rule.recommended) if (!props.has(r)) item.warnings.push(`missing recommended property ${r}`);
  }
}
