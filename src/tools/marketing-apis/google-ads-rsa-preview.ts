import { z } from 'zod';
import { defineTool } from '../../registry/define-tool.ts';
import { categoryAuditShape, categoryIdPart, type RawFinding, CATEGORY_SCORING_NOTE, scoreByCategory } from '../../lib/audit.ts';
import { measure } from '../../lib/text-measure.ts';

const HEADLINE_LIMIT = 30;
const DESCRIPTION_LIMIT = 90;
const PATH_LIMIT = 15;
/** {KeyWord:default text} keyword insertion: only the default text counts towards the limit. */
const KEYWORD_INSERTION = /\{(keyword|Keyword|KeyWord|KEYWord|KEYWORD):([^{}]*)\}/g;

const asset = (kind: 'headline' | 'description', maxPin: number) =>
  z.union([
    z.string().max(500, 'at most 500 characters'),
    z.object({
      text: z.string().max(500, 'at most 500 characters').describe(`The ${kind}`),
      pinnedPosition: z
        .number()
        .int('a whole number')
        .min(1, 'at least 1')
        .max(maxPin, `at most ${maxPin}`)
        .optional()
        .describe(`Pin to position 1–${maxPin} (optional)`),
    }),
  ]);

interface Asset {
  text: string;
  pin: number | null;
}

/** Headlines and descriptions come back alike: each text measured against its limit, with its pin. */
const assetsOutput = () =>
  z.array(
    z.object({
      text: z.string(),
      length: z.number().int(),
      limit: z.number().int(),
      withinLimit: z.boolean(),
      pinnedPosition: z.number().int().nullable(),
    }),
  );

function normalise(items: readonly (string | { text: string; pinnedPosition?: number | undefined })[]): Asset[] {
  return items.map((item) => (typeof item === 'string' ? { text: item, pin: null } : { text: item.text, pin: item.pinnedPosition ?? null }));
}

function countedText(text: string): string {
  return text.replace(KEYWORD_INSERTION, (_, _k: string, fallback: string) => fallback);
}

/** Ordered arrangements of distinct assets into `positions` slots, respecting pins (a pinned slot takes only its pinned assets). */
function arrangements(assets: readonly Asset[], positions: number): number[][] {
  const candidates = (slot: number): number[] => {
    const pinned = assets.flatMap((a, i) => (a.pin === slot ? [i] : []));
    return pinned.length > 0 ? pinned : assets.flatMap((a, i) => (a.pin === null ? [i] : []));
  };
  const slots = Array.from({ length: positions }, (_, s) => candidates(s + 1));
  const out: number[][] = [];
  const walk = (slot: number, chosen: number[]): void => {
    if (slot === positions) {
      out.push(chosen);
      return;
    }
    for (const c of slots[slot] ?? []) if (!chosen.includes(c)) walk(slot + 1, [...chosen, c]);
  };
  walk(0, []);
  return out;
}

export default defineTool({
  module: 'marketing-apis',
  slug: 'google-ads-rsa-preview',
  cpu: 'large-input',
  title: 'Google Ads responsive search ad (RSA) preview',
  description:
    'Checks and previews a Google Ads responsive search ad: 3–15 headlines (30 characters each), 2–4 descriptions (90) ' +
    'and two display-URL paths (15), counted as Google counts them (double-width CJK characters as 2; for keyword ' +
    'insertion {KeyWord:Default} only the default text counts). Pins are honoured (headline positions 1–3, ' +
    'description positions 1–2; several assets may share a pin and rotate). Returns the number of distinct ad ' +
    'combinations Google can serve with 3 headlines and 2 descriptions (ordered, no asset twice, pins applied: 15 ' +
    'unpinned headlines and 4 descriptions give 2,730 × 12 = 32,760), deterministic preview strings ' +
    '("Headline 1 | Headline 2 | Headline 3", the descriptions and the display URL) and audit findings: too few or too many ' +
    'assets, over-length or duplicate assets, "!" in headlines, pinning that limits combinations, and too few headlines ' +
    'for a good Ad Strength (Google suggests at least 8–10 distinct ones). ' +
    CATEGORY_SCORING_NOTE +
    ' Categories: assets 50, lengths 30, variety 20.',
  keywords: ['responsive search ad', 'rsa preview', 'google ads preview', 'ad strength', 'headline pinning', 'rsa combinations', 'ad preview'],
  input: () =>
    z.object({
      headlines: z
        .array(asset('headline', 3))
        .min(1, 'at least 1 headline')
        .max(50, 'at most 50')
        .describe('Headlines: strings, or {text, pinnedPosition 1–3}. Google allows 3–15'),
      descriptions: z
        .array(asset('description', 2))
        .min(1, 'at least 1 description')
        .max(20, 'at most 20')
        .describe('Descriptions: strings, or {text, pinnedPosition 1–2}. Google allows 2–4'),
      finalUrl: z.string().max(2048, 'at most 2,048 characters').optional().describe('Final URL; its host forms the display URL (optional)'),
      path1: z.string().max(100, 'at most 100 characters').optional().describe('Display path 1 (15 characters)'),
      path2: z.string().max(100, 'at most 100 characters').optional().describe('Display path 2 (15 characters; needs path1)'),
      previewCount: z
        .number()
        .int('a whole number')
        .min(1, 'at least 1')
        .max(20, 'at most 20')
        .default(3)
        .describe('How many preview combinations to return (1–20, default 3)'),
    }),
  output: () =>
    z.object({
      headlines: assetsOutput(),
      descriptions: assetsOutput(),
      displayUrl: z.string().nullable().describe('host/path1/path2 as shown in the ad (null without finalUrl)'),
      combinations: z.object({
        headlineArrangements: z.number().int().describe('Ordered choices of 3 distinct headlines for positions 1–3, pins applied'),
        descriptionArrangements: z.number().int().describe('Ordered choices of 2 distinct descriptions for positions 1–2, pins applied'),
        total: z.number().int().describe('headlineArrangements × descriptionArrangements'),
      }),
      previews: z.array(
        z.object({
          headlines: z.array(z.string()),
          descriptions: z.array(z.string()),
          headline: z.string(),
          description: z.string(),
          displayUrl: z.string().nullable(),
        }),
      ),
      ...categoryAuditShape,
    }),
  examples: [
    {
      title: 'five headlines, one pinned; two descriptions',
      input: {
        headlines: [
          { text: 'Acme Running Shoes', pinnedPosition: 1 },
          'Free Next-Day Delivery',
          'Lightweight Trail Trainers',
          '30-Day Free Returns',
          'Shop the Spring Range',
        ],
        descriptions: ['Road and trail shoes tested by runners. Order by 3pm for next-day delivery.', 'Find your fit with free returns for 30 days.'],
        finalUrl: 'https://www.acme-shoes.example/running',
        path1: 'running',
        path2: 'trail',
        previewCount: 2,
      },
      output: {
        headlines: [
          { text: 'Acme Running Shoes', length: 18, limit: 30, withinLimit: true, pinnedPosition: 1 },
          { text: 'Free Next-Day Delivery', length: 22, limit: 30, withinLimit: true, pinnedPosition: null },
          { text: 'Lightweight Trail Trainers', length: 26, limit: 30, withinLimit: true, pinnedPosition: null },
          { text: '30-Day Free Returns', length: 19, limit: 30, withinLimit: true, pinnedPosition: null },
          { text: 'Shop the Spring Range', length: 21, limit: 30, withinLimit: true, pinnedPosition: null },
        ],
        descriptions: [
          {
            text: 'Road and trail shoes tested by runners. Order by 3pm for next-day delivery.',
            length: 75,
            limit: 90,
            withinLimit: true,
            pinnedPosition: null,
          },
          { text: 'Find your fit with free returns for 30 days.', length: 44, limit: 90, withinLimit: true, pinnedPosition: null },
        ],
        displayUrl: 'acme-shoes.example/running/trail',
        combinations: { headlineArrangements: 12, descriptionArrangements: 2, total: 24 },
        previews: [
          {
            headlines: ['Acme Running Shoes', 'Free Next-Day Delivery', 'Lightweight Trail Trainers'],
            descriptions: ['Road and trail shoes tested by runners. Order by 3pm for next-day delivery.', 'Find your fit with free returns for 30 days.'],
            headline: 'Acme Running Shoes | Free Next-Day Delivery | Lightweight Trail Trainers',
            description: 'Road and trail shoes tested by runners. Order by 3pm for next-day delivery. Find your fit with free returns for 30 days.',
            displayUrl: 'acme-shoes.example/running/trail',
          },
          {
            headlines: ['Acme Running Shoes', '30-Day Free Returns', 'Free Next-Day Delivery'],
            descriptions: ['Road and trail shoes tested by runners. Order by 3pm for next-day delivery.', 'Find your fit with free returns for 30 days.'],
            headline: 'Acme Running Shoes | 30-Day Free Returns | Free Next-Day Delivery',
            description: 'Road and trail shoes tested by runners. Order by 3pm for next-day delivery. Find your fit with free returns for 30 days.',
            displayUrl: 'acme-shoes.example/running/trail',
          },
        ],
        score: 98,
        scoreBreakdown: { assets: 50, lengths: 30, variety: 18 },
        findings: [
          {
            id: 'few-headlines-for-ad-strength',
            severity: 'low',
            title: 'Fewer than 8 distinct headlines',
            evidence: '5 distinct headlines',
            fix: 'Add more distinct headlines (Google suggests at least 8–10 for a Good or Excellent Ad Strength)',
          },
          {
            id: 'headlines-pinned',
            severity: 'info',
            title: 'Some headlines are pinned',
            evidence: '1 of 5 headlines pinned',
            fix: 'Pin only what must always show (e.g. brand or legal text); pins lower Ad Strength',
          },
        ],
      },
    },
    {
      title: 'too few assets, a duplicate and an over-long headline',
      input: {
        headlines: ['Cheap Flights to Paris', 'Cheap Flights to Paris', 'Book Your Paris Getaway With Us Today'],
        descriptions: ['Compare fares from 500 airlines.'],
      },
      output: {
        headlines: [
          { text: 'Cheap Flights to Paris', length: 22, limit: 30, withinLimit: true, pinnedPosition: null },
          { text: 'Cheap Flights to Paris', length: 22, limit: 30, withinLimit: true, pinnedPosition: null },
          { text: 'Book Your Paris Getaway With Us Today', length: 37, limit: 30, withinLimit: false, pinnedPosition: null },
        ],
        descriptions: [{ text: 'Compare fares from 500 airlines.', length: 32, limit: 90, withinLimit: true, pinnedPosition: null }],
        displayUrl: null,
        combinations: { headlineArrangements: 6, descriptionArrangements: 0, total: 0 },
        previews: [],
        score: 30,
        scoreBreakdown: { assets: 0, lengths: 12, variety: 18 },
        findings: [
          {
            id: 'duplicate-headline-cheap-flights-to-paris',
            severity: 'high',
            title: 'Duplicate headline',
            evidence: '"cheap flights to paris" appears 2 times',
            fix: 'Make every headline different; Google rejects duplicates',
          },
          {
            id: 'too-few-descriptions',
            severity: 'high',
            title: 'Fewer than 2 descriptions',
            evidence: '1 given; Google requires 2–4',
            fix: 'Add 1 more description',
          },
          {
            id: 'too-long-headline-book-your-paris-getaway-with-us-today',
            severity: 'high',
            title: 'Headline over 30 characters',
            evidence: '"Book Your Paris Getaway With Us Today" is 37',
            fix: 'Shorten it by 7; Google rejects longer headlines',
          },
          {
            id: 'few-headlines-for-ad-strength',
            severity: 'low',
            title: 'Fewer than 8 distinct headlines',
            evidence: '2 distinct headlines',
            fix: 'Add more distinct headlines (Google suggests at least 8–10 for a Good or Excellent Ad Strength)',
          },
        ],
      },
    },
    {
      title: 'keyword insertion counts the default text',
      input: {
        headlines: ['{KeyWord:Running Shoes} Sale', 'Free Delivery', 'Free Returns'],
        descriptions: ['Order today.', 'Next-day delivery.'],
        previewCount: 1,
      },
      output: {
        headlines: [
          { text: '{KeyWord:Running Shoes} Sale', length: 18, limit: 30, withinLimit: true, pinnedPosition: null },
          { text: 'Free Delivery', length: 13, limit: 30, withinLimit: true, pinnedPosition: null },
          { text: 'Free Returns', length: 12, limit: 30, withinLimit: true, pinnedPosition: null },
        ],
        descriptions: [
          { text: 'Order today.', length: 12, limit: 90, withinLimit: true, pinnedPosition: null },
          { text: 'Next-day delivery.', length: 18, limit: 90, withinLimit: true, pinnedPosition: null },
        ],
        displayUrl: null,
        combinations: { headlineArrangements: 6, descriptionArrangements: 2, total: 12 },
        previews: [
          {
            headlines: ['Running Shoes Sale', 'Free Delivery', 'Free Returns'],
            descriptions: ['Order today.', 'Next-day delivery.'],
            headline: 'Running Shoes Sale | Free Delivery | Free Returns',
            description: 'Order today. Next-day delivery.',
            displayUrl: null,
          },
        ],
        score: 98,
        scoreBreakdown: { assets: 50, lengths: 30, variety: 18 },
        findings: [
          {
            id: 'few-headlines-for-ad-strength',
            severity: 'low',
            title: 'Fewer than 8 distinct headlines',
            evidence: '3 distinct headlines',
            fix: 'Add more distinct headlines (Google suggests at least 8–10 for a Good or Excellent Ad Strength)',
          },
        ],
      },
    },
  ],
  run: ({ headlines: rawHeadlines, descriptions: rawDescriptions, finalUrl, path1, path2, previewCount }) => {
    const headlines = normalise(rawHeadlines);
    const descriptions = normalise(rawDescriptions);
    const raw: RawFinding[] = [];
    const describe = (assets: Asset[], limit: number, kind: 'headline' | 'description') =>
      assets.map((a) => {
        const length = measure(countedText(a.text), 'double-width').counted;
        if (a.text.trim() === '')
          raw.push({
            id: `empty-${kind}`,
            category: 'assets',
            severity: 'high',
            title: `An empty ${kind}`,
            evidence: `${kind} text is blank`,
            fix: `Remove it or write the ${kind}`,
          });
        if (length > limit)
          raw.push({
            id: `too-long-${kind}-${categoryIdPart(a.text)}`,
            category: 'lengths',
            severity: 'high',
            title: `${kind === 'headline' ? 'Headline' : 'Description'} over ${limit} characters`,
            evidence: `"${a.text.slice(0, 120)}" is ${length}`,
            fix: `Shorten it by ${length - limit}; Google rejects longer ${kind}s`,
          });
        return { text: a.text, length, limit, withinLimit: length <= limit, pinnedPosition: a.pin };
      });
    const hOut = describe(headlines, HEADLINE_LIMIT, 'headline');
    const dOut = describe(descriptions, DESCRIPTION_LIMIT, 'description');

    const countCheck = (n: number, min: number, max: number, kind: string) => {
      if (n < min)
        raw.push({
          id: `too-few-${kind}s`,
          category: 'assets',
          severity: 'high',
          title: `Fewer than ${min} ${kind}s`,
          evidence: `${n} given; Google requires ${min}–${max}`,
          fix: `Add ${min - n} more ${kind}${min - n === 1 ? '' : 's'}`,
        });
      if (n > max)
        raw.push({
          id: `too-many-${kind}s`,
          category: 'assets',
          severity: 'high',
          title: `More than ${max} ${kind}s`,
          evidence: `${n} given; Google accepts at most ${max}`,
          fix: `Remove ${n - max}`,
        });
    };
    countCheck(headlines.length, 3, 15, 'headline');
    countCheck(descriptions.length, 2, 4, 'description');

    const dupes = (assets: Asset[], kind: string) => {
      const seen = new Map<string, number>();
      for (const a of assets) seen.set(a.text.trim().toLowerCase(), (seen.get(a.text.trim().toLowerCase()) ?? 0) + 1);
      for (const [text, n] of seen)
        if (n > 1 && text !== '')
          raw.push({
            id: `duplicate-${kind}-${categoryIdPart(text)}`,
            category: 'assets',
            severity: 'high',
            title: `Duplicate ${kind}`,
            evidence: `"${text}" appears ${n} times`,
            fix: `Make every ${kind} different; Google rejects duplicates`,
          });
      return seen.size;
    };
    const distinctHeadlines = dupes(headlines, 'headline');
    dupes(descriptions, 'description');

    for (const h of headlines) {
      if (h.text.includes('!'))
        raw.push({
          id: `exclamation-headline-${categoryIdPart(h.text)}`,
          category: 'lengths',
          severity: 'high',
          title: '"!" in a headline',
          evidence: `"${h.text.slice(0, 120)}"`,
          fix: 'Remove the exclamation mark; Google does not allow it in headlines',
        });
    }
    for (const d of descriptions) {
      if ((d.text.match(/!/g) ?? []).length > 1)
        raw.push({
          id: `exclamation-description-${categoryIdPart(d.text)}`,
          category: 'lengths',
          severity: 'high',
          title: 'More than one "!" in a description',
          evidence: `"${d.text.slice(0, 120)}"`,
          fix: 'Keep at most one exclamation mark per description',
        });
    }

    if (headlines.length >= 3 && distinctHeadlines < 8) {
      raw.push({
        id: 'few-headlines-for-ad-strength',
        category: 'variety',
        severity: 'low',
        title: 'Fewer than 8 distinct headlines',
        evidence: `${distinctHeadlines} distinct headlines`,
        fix: 'Add more distinct headlines (Google suggests at least 8–10 for a Good or Excellent Ad Strength)',
      });
    }
    const pinnedHeadlines = headlines.filter((h) => h.pin !== null).length;
    if (pinnedHeadlines > 0) {
      const fullyPinned = [1, 2, 3].every((p) => headlines.some((h) => h.pin === p));
      raw.push({
        id: fullyPinned ? 'all-headline-positions-pinned' : 'headlines-pinned',
        category: 'variety',
        severity: fullyPinned ? 'medium' : 'info',
        title: fullyPinned ? 'Every headline position is pinned' : 'Some headlines are pinned',
        evidence: `${pinnedHeadlines} of ${headlines.length} headlines pinned`,
        fix: fullyPinned
          ? 'Unpin positions 2 and 3 (or pin 2–3 headlines to each position) so Google can test combinations'
          : 'Pin only what must always show (e.g. brand or legal text); pins lower Ad Strength',
      });
    }
    const pinErrors = (assets: Asset[], maxPin: number, kind: string) => {
      for (let p = 1; p <= maxPin; p++) {
        if (assets.some((a) => a.pin === p)) continue;
        if (!assets.some((a) => a.pin === null) && assets.length > 0 && p <= (kind === 'headline' ? 2 : 1)) {
          raw.push({
            id: `no-${kind}-for-position-${p}`,
            category: 'assets',
            severity: 'high',
            title: `No ${kind} can show in position ${p}`,
            evidence: `every ${kind} is pinned elsewhere`,
            fix: `Pin a ${kind} to position ${p} or leave some unpinned`,
          });
        }
      }
    };
    pinErrors(headlines, 3, 'headline');
    pinErrors(descriptions, 2, 'description');

    let host: string | null = null;
    if (finalUrl !== undefined && finalUrl.trim() !== '') {
      try {
        host = new URL(finalUrl.trim()).hostname.replace(/^www\./, '');
      } catch {
        raw.push({
          id: 'invalid-final-url',
          category: 'assets',
          severity: 'high',
          title: 'Final URL is not a valid absolute URL',
          evidence: finalUrl.slice(0, 200),
          fix: 'Use an absolute https URL',
        });
      }
    }
    for (const [name, p] of [
      ['path1', path1],
      ['path2', path2],
    ] as const) {
      if (p === undefined) continue;
      const length = measure(p, 'double-width').counted;
      if (length > PATH_LIMIT)
        raw.push({
          id: `too-long-${name}`,
          category: 'lengths',
          severity: 'high',
          title: `${name} over ${PATH_LIMIT} characters`,
          evidence: `"${p}" is ${length}`,
          fix: `Shorten it by ${length - PATH_LIMIT}`,
        });
      if (/[\s/]/.test(p.trim()))
        raw.push({
          id: `path-characters-${name}`,
          category: 'lengths',
          severity: 'medium',
          title: `${name} contains spaces or "/"`,
          evidence: `"${p}"`,
          fix: 'Use words joined with "-"',
        });
    }
    if (path2 !== undefined && path2.trim() !== '' && (path1 === undefined || path1.trim() === ''))
      raw.push({
        id: 'path2-without-path1',
        category: 'assets',
        severity: 'medium',
        title: 'path2 without path1',
        evidence: 'path1 is empty',
        fix: 'Fill path1 first; Google shows path2 only after path1',
      });
    const paths = [path1, path2].filter((p): p is string => p !== undefined && p.trim() !== '').map((p) => p.trim());
    const displayUrl = host === null ? null : [host, ...paths].join('/');

    const hArr = arrangements(headlines, 3);
    const dArr = arrangements(descriptions, 2);
    const previews: { headlines: string[]; descriptions: string[]; headline: string; description: string; displayUrl: string | null }[] = [];
    // Spread the previews over the combinations so they differ as much as possible, deterministically.
    const total = hArr.length * dArr.length;
    const count = Math.min(previewCount, total);
    for (let i = 0; i < count; i++) {
      const k = Math.floor((i * total) / count);
      const h = hArr[Math.floor(k / dArr.length)] ?? [];
      const d = dArr[k % dArr.length] ?? [];
      const hs = h.map((j) => countedText(headlines[j]?.text ?? ''));
      const ds = d.map((j) => countedText(descriptions[j]?.text ?? ''));
      previews.push({ headlines: hs, descriptions: ds, headline: hs.join(' | '), description: ds.join(' '), displayUrl });
    }
    return {
      headlines: hOut,
      descriptions: dOut,
      displayUrl,
      combinations: { headlineArrangements: hArr.length, descriptionArrangements: dArr.length, total },
      previews,
      ...scoreByCategory({ assets: 50, lengths: 30, variety: 20 }, raw),
    };
  },
});
