import { z } from 'zod';
import { defineTool } from '../../registry/define-tool.ts';
import { categoryAuditShape, categoryIdPart, type RawFinding, CATEGORY_SCORING_NOTE, scoreByCategory } from '../../lib/audit.ts';
import { queryPairs, UTM_FIELDS } from './utm.ts';

const PARAMS = ['source', 'medium', 'campaign', 'term', 'content', 'id'] as const;
type Param = (typeof PARAMS)[number];
const MACRO = /\{\{[^{}]*\}\}|\{[^{}]*\}|__[A-Z0-9_]+__/g;

/** GA4 default channel group rules that read utm_medium (conditions ignore case). */
const GA4_MEDIUM_RULES: { channel: string; test: RegExp }[] = [
  { channel: 'Paid (Search, Social, Shopping, Video, Other)', test: /^(.*cp.*|ppc|retargeting|paid.*)$/i },
  { channel: 'Display', test: /^(display|banner|expandable|interstitial|cpm)$/i },
  { channel: 'Organic Social', test: /^(social|social-network|social-media|sm|social network|social media)$/i },
  { channel: 'Organic Video', test: /video/i },
  { channel: 'Organic Search', test: /^organic$/i },
  { channel: 'Email', test: /^(email|e-mail|e_mail|e mail)$/i },
  { channel: 'Affiliates', test: /^affiliate$/i },
  { channel: 'Referral', test: /^(referral|app|link)$/i },
  { channel: 'Audio', test: /^audio$/i },
  { channel: 'SMS', test: /^sms$/i },
  { channel: 'Mobile Push Notifications', test: /(push$|mobile|notification)/i },
];

const list = (what: string) =>
  z
    .array(z.string().max(500, 'at most 500 characters'))
    .max(1000, 'at most 1,000 values')
    .optional()
    .describe(`Allowed ${what} values; anything else is a finding`);

export default defineTool({
  module: 'marketing-apis',
  slug: 'utm-naming-convention-checker',
  cpu: 'large-input',
  title: 'UTM naming convention checker',
  description:
    'Audits the UTM tagging of up to 500 URLs against a naming convention and returns a 0–100 score, a breakdown and ' +
    'findings with stable ids. Checks: required parameters present (default source, medium, campaign); lower-case ' +
    'values; no spaces; one separator (rules.separator "_", "-", "." or "any", where "any" still flags mixing _ and - ' +
    'across values); only a-z 0-9 _ - . characters (ad-platform macros like {campaignid} are accepted); maximum length; ' +
    "allowed-value lists per parameter; utm_medium values that GA4's default channel grouping does not recognise " +
    '(they land in "Unassigned"); the same value written differently ("Facebook", "facebook", "face_book"); duplicated ' +
    'or wrongly-cased parameter names. The same problem in several URLs is one finding listing them. ' +
    CATEGORY_SCORING_NOTE +
    ' Categories: required 40, formatting 35, consistency 25.',
  keywords: ['utm naming convention', 'utm audit', 'utm checker', 'campaign taxonomy', 'ga4 channel grouping', 'utm governance', 'lowercase utm'],
  input: () =>
    z.object({
      urls: z
        .array(z.string().max(8192, 'at most 8,192 characters'))
        .min(1, 'at least 1 URL')
        .max(500, 'at most 500 URLs')
        .describe('Tagged URLs to check (1–500); a query string alone (?utm_source=…) is accepted too'),
      rules: z
        .object({
          lowercase: z.boolean().default(true).describe('Values must be lower-case (default true)'),
          separator: z
            .enum(['_', '-', '.', 'any'])
            .default('any')
            .describe('The one word separator values may use: "_", "-", "." or "any" (default; mixing "_" and "-" is still flagged)'),
          required: z
            .array(z.enum(PARAMS))
            .default(['source', 'medium', 'campaign'])
            .describe('Parameters every URL must carry (default source, medium, campaign)'),
          maxLength: z.number().int('a whole number').min(1, 'at least 1').max(500, 'at most 500').default(100).describe('Longest allowed value (default 100)'),
          allowedValues: z
            .object({
              source: list('utm_source'),
              medium: list('utm_medium'),
              campaign: list('utm_campaign'),
              term: list('utm_term'),
              content: list('utm_content'),
              id: list('utm_id'),
            })
            .default({})
            .describe('Allowed values per parameter (compared exactly, after the lowercase rule)'),
          ga4Mediums: z
            .boolean()
            .default(true)
            .describe('Flag utm_medium values GA4 default channel grouping does not recognise, when no allowed medium list is given (default true)'),
        })
        .default({ lowercase: true, separator: 'any', required: ['source', 'medium', 'campaign'], maxLength: 100, allowedValues: {}, ga4Mediums: true })
        .describe('The naming convention'),
    }),
  output: () =>
    z.object({
      ...categoryAuditShape,
      urls: z
        .array(z.object({ url: z.string(), parameters: z.record(z.string(), z.string()), findingIds: z.array(z.string()) }))
        .describe('Each URL with its utm_* values and the findings it is part of'),
      values: z.record(z.string(), z.record(z.string(), z.number().int())).describe('Distinct values per parameter with how many URLs use each'),
    }),
  examples: [
    {
      title: 'a clean set',
      input: {
        urls: [
          'https://example.com/?utm_source=google&utm_medium=cpc&utm_campaign=spring_sale',
          'https://example.com/?utm_source=newsletter&utm_medium=email&utm_campaign=spring_sale',
        ],
      },
      output: {
        score: 100,
        scoreBreakdown: { required: 40, formatting: 35, consistency: 25 },
        findings: [],
        urls: [
          {
            url: 'https://example.com/?utm_source=google&utm_medium=cpc&utm_campaign=spring_sale',
            parameters: { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'spring_sale' },
            findingIds: [],
          },
          {
            url: 'https://example.com/?utm_source=newsletter&utm_medium=email&utm_campaign=spring_sale',
            parameters: { utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'spring_sale' },
            findingIds: [],
          },
        ],
        values: { source: { google: 1, newsletter: 1 }, medium: { cpc: 1, email: 1 }, campaign: { spring_sale: 2 } },
      },
    },
    {
      title: 'capitals, spaces, an unknown medium and a missing campaign',
      input: {
        urls: [
          'https://example.com/?utm_source=Facebook&utm_medium=social-paid&utm_campaign=Spring%20Sale',
          'https://example.com/?utm_source=facebook&utm_medium=social-paid',
        ],
        rules: { separator: '_' },
      },
      output: {
        score: 31,
        scoreBreakdown: { required: 16, formatting: 0, consistency: 15 },
        findings: [
          {
            id: 'missing-campaign',
            severity: 'high',
            title: 'utm_campaign is missing',
            evidence: '1 of 2 URLs: https://example.com/?utm_source=facebook&utm_medium=social-paid',
            fix: 'Add utm_campaign to every tagged URL',
          },
          {
            id: 'inconsistent-source-facebook',
            severity: 'medium',
            title: 'utm_source is written 2 ways for the same value',
            evidence: 'Facebook, facebook',
            fix: 'Pick one spelling (e.g. "facebook") and use it everywhere; GA4 reports each spelling separately',
          },
          {
            id: 'not-lowercase-campaign-spring-sale',
            severity: 'medium',
            title: 'utm_campaign "Spring Sale" has capital letters',
            evidence: 'in 1 URL',
            fix: 'Use "spring sale"; GA4 values are case-sensitive',
          },
          {
            id: 'not-lowercase-source-facebook',
            severity: 'medium',
            title: 'utm_source "Facebook" has capital letters',
            evidence: 'in 1 URL',
            fix: 'Use "facebook"; GA4 values are case-sensitive',
          },
          {
            id: 'spaces-campaign-spring-sale',
            severity: 'medium',
            title: 'utm_campaign "Spring Sale" contains spaces',
            evidence: 'in 1 URL',
            fix: 'Replace spaces with "_"',
          },
          {
            id: 'ga4-medium-social-paid',
            severity: 'low',
            title: 'utm_medium "social-paid" is not recognised by GA4 default channel grouping',
            evidence: 'in 2 URLs; GA4 will report these sessions as Unassigned',
            fix: 'Use a recognised medium such as cpc, paid_social, social, email, referral, display, affiliate',
          },
          {
            id: 'separator-medium-social-paid',
            severity: 'low',
            title: 'utm_medium "social-paid" uses a separator other than "_"',
            evidence: 'in 2 URLs',
            fix: 'Write it as "social_paid"',
          },
        ],
        urls: [
          {
            url: 'https://example.com/?utm_source=Facebook&utm_medium=social-paid&utm_campaign=Spring%20Sale',
            parameters: { utm_source: 'Facebook', utm_medium: 'social-paid', utm_campaign: 'Spring Sale' },
            findingIds: [
              'inconsistent-source-facebook',
              'not-lowercase-campaign-spring-sale',
              'not-lowercase-source-facebook',
              'spaces-campaign-spring-sale',
              'ga4-medium-social-paid',
              'separator-medium-social-paid',
            ],
          },
          {
            url: 'https://example.com/?utm_source=facebook&utm_medium=social-paid',
            parameters: { utm_source: 'facebook', utm_medium: 'social-paid' },
            findingIds: ['missing-campaign', 'inconsistent-source-facebook', 'ga4-medium-social-paid', 'separator-medium-social-paid'],
          },
        ],
        values: { source: { Facebook: 1, facebook: 1 }, medium: { 'social-paid': 2 }, campaign: { 'Spring Sale': 1 } },
      },
    },
    {
      title: 'allowed-value lists',
      input: {
        urls: [
          'https://example.com/?utm_source=google&utm_medium=cpc&utm_campaign=brand',
          'https://example.com/?utm_source=bing&utm_medium=cpc&utm_campaign=brand',
        ],
        rules: { allowedValues: { source: ['google', 'newsletter'] } },
      },
      output: {
        score: 93,
        scoreBreakdown: { required: 40, formatting: 35, consistency: 18 },
        findings: [
          {
            id: 'not-allowed-source-bing',
            severity: 'medium',
            title: 'utm_source "bing" is not in the allowed list',
            evidence: 'in 1 URL; allowed: google, newsletter',
            fix: 'Use one of: google, newsletter (or add "bing" to the list)',
          },
        ],
        urls: [
          {
            url: 'https://example.com/?utm_source=google&utm_medium=cpc&utm_campaign=brand',
            parameters: { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'brand' },
            findingIds: [],
          },
          {
            url: 'https://example.com/?utm_source=bing&utm_medium=cpc&utm_campaign=brand',
            parameters: { utm_source: 'bing', utm_medium: 'cpc', utm_campaign: 'brand' },
            findingIds: ['not-allowed-source-bing'],
          },
        ],
        values: { source: { google: 1, bing: 1 }, medium: { cpc: 2 }, campaign: { brand: 2 } },
      },
    },
  ],
  run: ({ urls, rules }) => {
    interface Hit {
      category: string;
      severity: RawFinding['severity'];
      title: string;
      fix: string;
      urls: number[];
      evidenceSuffix?: string;
      evidence?: string;
    }
    const hits = new Map<string, Hit>();
    const urlFindings: string[][] = urls.map(() => []);
    const add = (id: string, urlIndex: number, make: () => Omit<Hit, 'urls'>): void => {
      const hit = hits.get(id) ?? { ...make(), urls: [] };
      if (!hit.urls.includes(urlIndex)) hit.urls.push(urlIndex);
      hits.set(id, hit);
      if (!urlFindings[urlIndex]?.includes(id)) urlFindings[urlIndex]?.push(id);
    };
    const values: Record<string, Record<string, number>> = {};
    const perUrl = urls.map((raw, i) => {
      const trimmed = raw.trim();
      let search = '';
      if (trimmed.startsWith('?')) search = trimmed.split('#')[0] ?? '';
      else {
        try {
          search = new URL(trimmed).search;
        } catch {
          add(`invalid-url-${categoryIdPart(trimmed)}`, i, () => ({
            category: 'required',
            severity: 'high',
            title: 'Not a valid absolute URL',
            fix: 'Include the scheme and host, e.g. https://example.com/page?utm_source=…',
            evidence: trimmed.slice(0, 200),
          }));
          return { url: raw, parameters: {} as Record<string, string> };
        }
      }
      const parameters: Record<string, string> = {};
      const counts = new Map<string, number>();
      for (const { key, value } of queryPairs(search)) {
        const lower = key.toLowerCase();
        if (!lower.startsWith('utm_')) continue;
        if (key !== lower && UTM_FIELDS.some((f) => f.param === lower)) {
          add(`uppercase-key-${categoryIdPart(key)}`, i, () => ({
            category: 'required',
            severity: 'high',
            title: `Parameter name "${key}" is not lower-case, so analytics ignores it`,
            fix: `Rename it to ${lower}`,
          }));
          continue;
        }
        counts.set(key, (counts.get(key) ?? 0) + 1);
        if (!(key in parameters)) parameters[key] = value;
      }
      for (const [key, n] of counts) {
        if (n > 1)
          add(`duplicate-${categoryIdPart(key)}`, i, () => ({
            category: 'consistency',
            severity: 'medium',
            title: `${key} appears more than once in a URL`,
            fix: `Keep one ${key}; analytics tools use the first and ignore the rest`,
          }));
      }
      for (const p of rules.required) {
        if (parameters[`utm_${p}`] === undefined)
          add(`missing-${p}`, i, () => ({ category: 'required', severity: 'high', title: `utm_${p} is missing`, fix: `Add utm_${p} to every tagged URL` }));
      }
      for (const p of PARAMS) {
        const value = parameters[`utm_${p}`];
        if (value === undefined) continue;
        const bucket = (values[p] ??= {});
        bucket[value] = (bucket[value] ?? 0) + 1;
        checkValue(p, value, i);
      }
      return { url: raw, parameters };
    });

    function checkValue(p: Param, value: string, i: number): void {
      const param = `utm_${p}`;
      const key = `${p}-${categoryIdPart(value)}`;
      const bare = value.replace(MACRO, '');
      if (rules.lowercase && bare !== bare.toLowerCase()) {
        add(`not-lowercase-${key}`, i, () => ({
          category: 'formatting',
          severity: 'medium',
          title: `${param} "${value}" has capital letters`,
          fix: `Use "${value.toLowerCase()}"; GA4 values are case-sensitive`,
        }));
      }
      if (/\s/.test(value)) {
        const sep = rules.separator === 'any' ? '_' : rules.separator;
        add(`spaces-${key}`, i, () => ({
          category: 'formatting',
          severity: 'medium',
          title: `${param} "${value}" contains spaces`,
          fix: `Replace spaces with "${sep}"`,
        }));
      }
      if (rules.separator !== 'any') {
        const others = ['_', '-', '.'].filter((s) => s !== rules.separator && bare.includes(s));
        if (others.length > 0) {
          const fixed = bare.replace(/[_.-]/g, rules.separator);
          add(`separator-${key}`, i, () => ({
            category: 'formatting',
            severity: 'low',
            title: `${param} "${value}" uses a separator other than "${rules.separator}"`,
            fix: `Write it as "${rules.lowercase ? fixed.toLowerCase() : fixed}"`,
          }));
        }
      }
      const odd = [...new Set(bare.replace(/[a-z0-9_.\-\s]/gi, ''))];
      if (odd.length > 0) {
        add(`characters-${key}`, i, () => ({
          category: 'formatting',
          severity: 'low',
          title: `${param} "${value}" contains characters outside a-z 0-9 _ - .`,
          fix: `Remove or replace ${odd.map((c) => `"${c}"`).join(' ')}; they are percent-encoded in URLs and easy to get wrong`,
        }));
      }
      if ([...value].length > rules.maxLength) {
        add(`too-long-${key}`, i, () => ({
          category: 'formatting',
          severity: 'low',
          title: `${param} is longer than ${rules.maxLength} characters`,
          fix: 'Shorten it; long values are truncated in reports and hard to read',
          evidence: `${[...value].length} characters: ${value.slice(0, 120)}`,
        }));
      }
      const allowed = rules.allowedValues[p];
      const compared = rules.lowercase ? value.toLowerCase() : value;
      if (allowed && allowed.length > 0 && !allowed.includes(compared) && !allowed.includes(value)) {
        add(`not-allowed-${key}`, i, () => ({
          category: 'consistency',
          severity: 'medium',
          title: `${param} "${value}" is not in the allowed list`,
          fix: `Use one of: ${allowed.slice(0, 20).join(', ')} (or add "${value}" to the list)`,
          evidenceSuffix: `allowed: ${allowed.slice(0, 20).join(', ')}`,
        }));
      }
      if (
        p === 'medium' &&
        rules.ga4Mediums &&
        !(allowed && allowed.length > 0) &&
        bare.trim() !== '' &&
        bare === value &&
        !GA4_MEDIUM_RULES.some((r) => r.test.test(value))
      ) {
        add(`ga4-medium-${categoryIdPart(value)}`, i, () => ({
          category: 'consistency',
          severity: 'low',
          title: `utm_medium "${value}" is not recognised by GA4 default channel grouping`,
          fix: 'Use a recognised medium such as cpc, paid_social, social, email, referral, display, affiliate',
          evidenceSuffix: 'GA4 will report these sessions as Unassigned',
        }));
      }
    }

    // The same value spelled several ways (case or separators): one finding per parameter and normalised value.
    for (const p of PARAMS) {
      const bucket = values[p];
      if (!bucket) continue;
      const groups = new Map<string, string[]>();
      for (const v of Object.keys(bucket)) {
        const norm = v.toLowerCase().replace(/[\s_.\-]+/g, '');
        groups.set(norm, [...(groups.get(norm) ?? []), v]);
      }
      for (const spellings of groups.values()) {
        if (spellings.length < 2) continue;
        const preferred = spellings.find((s) => s === s.toLowerCase() && !/\s/.test(s)) ?? (spellings[0] ?? '').toLowerCase();
        const id = `inconsistent-${p}-${categoryIdPart(preferred)}`;
        perUrl.forEach((u, i) => {
          const v = u.parameters[`utm_${p}`];
          if (v !== undefined && spellings.includes(v))
            add(id, i, () => ({
              category: 'consistency',
              severity: 'medium',
              title: `utm_${p} is written ${spellings.length} ways for the same value`,
              fix: `Pick one spelling (e.g. "${preferred}") and use it everywhere; GA4 reports each spelling separately`,
              evidence: spellings.join(', '),
            }));
        });
      }
    }
    if (rules.separator === 'any') {
      const all = PARAMS.flatMap((p) => Object.keys(values[p] ?? {}).map((v) => v.replace(MACRO, '')));
      const underscore = all.filter((v) => v.includes('_'));
      const hyphen = all.filter((v) => v.includes('-'));
      if (underscore.length > 0 && hyphen.length > 0) {
        perUrl.forEach((u, i) => {
          if (Object.values(u.parameters).some((v) => v.includes('_') || v.includes('-'))) {
            add('mixed-separators', i, () => ({
              category: 'consistency',
              severity: 'low',
              title: 'Values mix "_" and "-" as separators',
              fix: 'Choose one separator for all values and set rules.separator to enforce it',
              evidence: `with _: ${underscore.slice(0, 5).join(', ')}; with -: ${hyphen.slice(0, 5).join(', ')}`,
            }));
          }
        });
      }
    }

    const raw: RawFinding[] = [...hits.entries()].map(([id, h]) => {
      const n = h.urls.length;
      let evidence: string;
      if (h.evidence !== undefined) evidence = h.evidence;
      else if (id.startsWith('missing-'))
        evidence = `${n} of ${urls.length} URLs: ${h.urls
          .slice(0, 5)
          .map((i) => urls[i])
          .join(', ')}${n > 5 ? ', …' : ''}`;
      else evidence = `in ${n} URL${n === 1 ? '' : 's'}${h.evidenceSuffix ? `; ${h.evidenceSuffix}` : ''}`;
      return { id, category: h.category, severity: h.severity, title: h.title, evidence, fix: h.fix };
    });
    const audit = scoreByCategory({ required: 40, formatting: 35, consistency: 25 }, raw);
    const order = new Map(audit.findings.map((f, i) => [f.id, i]));
    return {
      ...audit,
      urls: perUrl.map((u, i) => ({ ...u, findingIds: [...(urlFindings[i] ?? [])].sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0)) })),
      values,
    };
  },
});
