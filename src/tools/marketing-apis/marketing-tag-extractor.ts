import { z } from 'zod';
import { defineUrlTool } from '../../lib/page/define-url-tool.ts';
import { findingSchema, type Finding } from '../../lib/page/audit.ts';
import { loadPage } from '../../lib/page/load.ts';

interface Pattern {
  vendor: string;
  category: 'tag-manager' | 'analytics' | 'advertising' | 'heatmap' | 'marketing-automation' | 'chat' | 'consent';
  re: RegExp;
}

const PATTERNS: Pattern[] = [
  { vendor: 'Google Tag Manager', category: 'tag-manager', re: /\b(GTM-[A-Z0-9]{4,10})\b/g },
  { vendor: 'Google Analytics 4', category: 'analytics', re: /\b(G-[A-Z0-9]{6,12})\b/g },
  { vendor: 'Universal Analytics (retired)', category: 'analytics', re: /\b(UA-\d{4,10}-\d{1,4})\b/g },
  { vendor: 'Google Ads', category: 'advertising', re: /\b(AW-\d{6,12})\b/g },
  { vendor: 'Meta Pixel', category: 'advertising', re: /fbq\(\s*['"]init['"]\s*,\s*['"](\d{10,20})['"]/g },
  { vendor: 'LinkedIn Insight Tag', category: 'advertising', re: /_linkedin_partner_id\s*=\s*["']?(\d{4,12})/g },
  { vendor: 'TikTok Pixel', category: 'advertising', re: /ttq\.load\(\s*['"]([A-Z0-9]{10,30})['"]/g },
  { vendor: 'X (Twitter) Pixel', category: 'advertising', re: /twq\(\s*['"](?:config|init)['"]\s*,\s*['"]([a-z0-9]{4,12})['"]/gi },
  { vendor: 'Pinterest Tag', category: 'advertising', re: /pintrk\(\s*['"]load['"]\s*,\s*['"](\d{6,20})['"]/g },
  { vendor: 'Microsoft Advertising UET', category: 'advertising', re: /\bti\s*:\s*["'](\d{5,12})["']/g },
  { vendor: 'Snap Pixel', category: 'advertising', re: /snaptr\(\s*['"]init['"]\s*,\s*['"]([a-f0-9-]{20,40})['"]/g },
  { vendor: 'Hotjar', category: 'heatmap', re: /hjid\s*:\s*(\d{4,10})/g },
  {
    vendor: 'Microsoft Clarity',
    category: 'heatmap',
    re: /clarity\.ms\/tag\/([a-z0-9]{6,12})|\(window,\s*document,\s*["']clarity["'],\s*["']script["'],\s*["']([a-z0-9]{6,12})["']/gi,
  },
  { vendor: 'HubSpot', category: 'marketing-automation', re: /js(?:-[a-z0-9]+)?\.hs-scripts\.com\/(\d{4,10})\.js/g },
  { vendor: 'Segment', category: 'analytics', re: /analytics\.load\(\s*["']([A-Za-z0-9]{10,40})["']/g },
  { vendor: 'Mixpanel', category: 'analytics', re: /mixpanel\.init\(\s*["']([a-f0-9]{32})["']/g },
  {
    vendor: 'Plausible',
    category: 'analytics',
    re: /plausible\.io\/js\/[^"']*["'][^>]*data-domain=["']([^"']+)["']|data-domain=["']([^"']+)["'][^>]*plausible\.io/g,
  },
  { vendor: 'Matomo', category: 'analytics', re: /_paq\.push\(\s*\[\s*['"]setSiteId['"]\s*,\s*['"]?(\d+)/g },
  {
    vendor: 'Intercom',
    category: 'chat',
    re: /app_id\s*:\s*["']([a-z0-9]{6,12})["'][\s\S]{0,200}intercom|intercom[\s\S]{0,200}app_id\s*:\s*["']([a-z0-9]{6,12})["']/gi,
  },
  { vendor: 'Klaviyo', category: 'marketing-automation', re: /klaviyo\.com\/onsite\/js\/klaviyo\.js\?company_id=([A-Za-z0-9]{4,10})/g },
  { vendor: 'Cookiebot', category: 'consent', re: /consent\.cookiebot\.com\/uc\.js[^>]*data-cbid=["']([a-f0-9-]{36})["']|data-cbid=["']([a-f0-9-]{36})["']/g },
  {
    vendor: 'OneTrust',
    category: 'consent',
    re: /otSDKStub\.js[^>]*data-domain-script=["']([a-f0-9-]{20,50})["']|data-domain-script=["']([a-f0-9-]{20,50})["']/g,
  },
];

const PRESENCE: Array<{ vendor: string; category: Pattern['category']; re: RegExp }> = [
  { vendor: 'Didomi', category: 'consent', re: /sdk\.privacy-center\.org|didomi/i },
  { vendor: 'Usercentrics', category: 'consent', re: /usercentrics\.eu/i },
  { vendor: 'Drift', category: 'chat', re: /js\.driftt\.com/i },
  { vendor: 'Google Analytics (gtag.js)', category: 'analytics', re: /googletagmanager\.com\/gtag\/js/i },
];

export default defineUrlTool({
  module: 'marketing-apis',
  slug: 'marketing-tag-extractor',
  title: 'Marketing tag extractor',
  description:
    'Finds the marketing and analytics tags in a page’s HTML and inline scripts with their IDs: Google Tag Manager (GTM-), GA4 ' +
    '(G-), retired Universal Analytics (UA-), Google Ads (AW-), Meta Pixel, LinkedIn Insight, TikTok, X, Pinterest, Microsoft UET, ' +
    'Snap, Hotjar, Clarity, HubSpot, Segment, Mixpanel, Plausible, Matomo, Intercom, Klaviyo, and consent managers (Cookiebot, ' +
    'OneTrust, Didomi, Usercentrics). Static HTML only: tags injected later by a tag manager are not visible — the GTM container is.',
  keywords: ['marketing tags', 'tracking pixels', 'google tag manager', 'ga4', 'meta pixel', 'tag audit', 'analytics tags'],
  fields: () => ({
    finalUrl: z.string(),
    tags: z.array(z.object({ vendor: z.string(), category: z.string(), id: z.string().nullable(), occurrences: z.number().int() })),
    categories: z.record(z.string(), z.number().int()),
    consentManager: z.string().nullable(),
    findings: z.array(findingSchema),
  }),
  live: { 'a marketing site': 'https://example.com/', 'a landing page': 'https://example.com/lp/spring-sale' },
  offline: { title: 'a Google tag with no consent manager', finds: ['no-consent-manager'] },
  run: async ({ url }, ctx) => {
    const { response, html } = await loadPage(ctx, url);
    const found = new Map<string, { vendor: string; category: string; id: string | null; occurrences: number }>();
    for (const p of PATTERNS) {
      for (const m of html.matchAll(p.re)) {
        const id = m.slice(1).find(Boolean) ?? null;
        const key = `${p.vendor}|${id}`;
        const e = found.get(key) ?? { vendor: p.vendor, category: p.category, id, occurrences: 0 };
        e.occurrences++;
        found.set(key, e);
      }
    }
    for (const p of PRESENCE)
      if (p.re.test(html) && ![...found.values()].some((f) => f.vendor === p.vendor))
        found.set(p.vendor, { vendor: p.vendor, category: p.category, id: null, occurrences: 1 });
    if ([...found.values()].some((f) => f.vendor === 'Google Analytics 4')) found.delete('Google Analytics (gtag.js)');
    const tags = [...found.values()].sort(
      (a, b) => a.category.localeCompare(b.category) || a.vendor.localeCompare(b.vendor) || (a.id ?? '').localeCompare(b.id ?? ''),
    );
    const categories: Record<string, number> = {};
    for (const t of tags) categories[t.category] = (categories[t.category] ?? 0) + 1;
    const consent = tags.find((t) => t.category === 'consent')?.vendor ?? null;
    const findings: Finding[] = [];
    const ua = tags.filter((t) => t.vendor.startsWith('Universal Analytics'));
    if (ua.length)
      findings.push({
        id: 'universal-analytics-retired',
        severity: 'medium',
        title: 'Universal Analytics tag still installed',
        evidence: ua.map((t) => t.id).join(', '),
        fix: 'Universal Analytics stopped processing data in 2023/2024: remove it and rely on GA4.',
      });
    const ga4 = tags.filter((t) => t.vendor === 'Google Analytics 4');
    if (ga4.length > 1)
      findings.push({
        id: 'ga4-multiple',
        severity: 'low',
        title: 'Several GA4 measurement IDs',
        evidence: ga4.map((t) => t.id).join(', '),
        fix: 'Check that each GA4 property is intended; duplicates double-count.',
      });
    const gtm = tags.filter((t) => t.vendor === 'Google Tag Manager');
    if (gtm.length > 1)
      findings.push({
        id: 'gtm-multiple',
        severity: 'low',
        title: 'Several GTM containers',
        evidence: gtm.map((t) => t.id).join(', '),
        fix: 'Consolidate into one container unless separate teams need their own.',
      });
    const tracking = tags.filter((t) => t.category === 'advertising' || t.category === 'analytics' || t.category === 'heatmap');
    if (tracking.length && !consent)
      findings.push({
        id: 'no-consent-manager',
        severity: 'info',
        title: 'Tracking tags without a detected consent manager',
        evidence: tracking.map((t) => t.vendor).join(', '),
        fix: 'In the EU/UK, load non-essential tags only after consent (a CMP such as Cookiebot or OneTrust).',
      });
    if (tags.length === 0)
      findings.push({
        id: 'no-tags',
        severity: 'info',
        title: 'No marketing or analytics tags found in the HTML',
        evidence: `${response.url}: no known tag patterns`,
        fix: 'If tags load through a tag manager added by script, check the tag manager itself.',
      });
    return { finalUrl: response.url, tags, categories, consentManager: consent, findings };
  },
});
