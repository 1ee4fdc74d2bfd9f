import { z } from 'zod';
import { defineUrlAudit } from '../../lib/page/define-url-tool.ts';
import { buildAudit, clip, type CheckInput } from '../../lib/page/audit.ts';
import { fetcherOf } from '../../lib/page/context.ts';
import { fetchRobots, ROBOTS_MAX_BYTES } from '../../lib/page/robots.ts';

const BOTS = ['Googlebot', 'Bingbot', 'GPTBot', 'Google-Extended', 'ClaudeBot', 'PerplexityBot', 'CCBot', '*'];

export default defineUrlAudit({
  module: 'seo-apis',
  slug: 'robots-txt-checker',
  title: 'robots.txt checker',
  description:
    'Fetches /robots.txt of the URL’s site and interprets it per RFC 9309 (robots-parser): the user-agent groups and their ' +
    'Allow/Disallow rules, Sitemap lines, crawl-delay, syntax problems and unknown directives, the 500 KiB parse limit, and whether ' +
    'the given URL may be crawled by Googlebot, Bingbot, AI crawlers (GPTBot, Google-Extended, ClaudeBot, PerplexityBot, CCBot) and ' +
    '`userAgent`. A 4xx robots.txt means "allow all", a 5xx or unreachable one "disallow all", as the RFC says.',
  keywords: ['robots.txt', 'robots checker', 'crawl rules', 'disallow', 'user-agent', 'gptbot', 'rfc 9309'],
  urlHelp: 'A URL of the site; its /robots.txt is checked and this URL is tested against the rules',
  params: () => ({
    userAgent: z.string().trim().min(1).max(100).default('Googlebot').describe('Crawler to test the URL for (default Googlebot)'),
  }),
  fields: () => ({
    robotsUrl: z.string(),
    httpStatus: z.number().int().nullable(),
    state: z
      .enum(['rules', 'unavailable', 'unreachable'])
      .describe('rules (2xx); unavailable (4xx: everything allowed); unreachable (5xx or network error: everything disallowed)'),
    bytes: z.number().int(),
    userAgent: z.string(),
    allowed: z.boolean().describe('The URL may be crawled by userAgent'),
    matchingLine: z.number().int().nullable(),
    access: z.array(z.object({ userAgent: z.string(), allowed: z.boolean(), matchingLine: z.number().int().nullable() })),
    groups: z.array(
      z.object({
        userAgents: z.array(z.string()),
        rules: z.array(z.object({ type: z.enum(['allow', 'disallow']), path: z.string(), line: z.number().int() })),
        crawlDelay: z.number().nullable(),
      }),
    ),
    sitemaps: z.array(z.string()),
    issues: z.array(z.object({ line: z.number().int(), text: z.string(), problem: z.string() })),
    content: z.string().describe('The file (first 20,000 characters)'),
  }),
  live: { 'a site': 'https://example.com/', 'a page for GPTBot': { url: 'https://example.com/blog/post', userAgent: 'GPTBot' } },
  offline: {
    title: 'a robots.txt that blocks everything and has invalid lines',
    finds: ['robots-txt-blocks-all', 'robots-txt-syntax', 'robots-txt-sitemap-relative'],
  },
  run: async ({ url, userAgent }, ctx) => {
    const robots = await fetchRobots(fetcherOf(ctx), url);
    const allowed = robots.isAllowed(url, userAgent);
    const checks: CheckInput[] = [];
    checks.push({
      id: 'robots-reachable',
      title: 'robots.txt answers 200 (or 404)',
      status: robots.state === 'rules' ? 'pass' : robots.state === 'unavailable' ? 'warn' : 'fail',
      weight: 20,
      severity: robots.state === 'unreachable' ? 'high' : 'low',
      evidence: robots.status !== null ? `HTTP ${robots.status}` : (robots.error ?? 'no answer'),
      fix:
        robots.state === 'unreachable'
          ? 'Make /robots.txt answer 200 or 404 quickly: a 5xx or timeout makes crawlers stop crawling the whole site.'
          : 'Publish a /robots.txt (even an empty "User-agent: *" group with a Sitemap line).',
      problem: robots.state === 'unreachable' ? 'robots.txt is unreachable: crawlers treat the site as disallowed' : 'No robots.txt',
      findingId: robots.state === 'unreachable' ? 'robots-txt-unreachable' : 'robots-txt-missing',
    });
    if (robots.state === 'rules') {
      checks.push({
        id: 'robots-size',
        title: 'Under the 500 KiB parse limit',
        status: robots.bytes < ROBOTS_MAX_BYTES && !robots.truncated ? 'pass' : 'fail',
        weight: 5,
        evidence: `${robots.bytes} bytes`,
        fix: 'Shorten robots.txt: crawlers ignore rules beyond 500 KiB.',
        problem: 'robots.txt exceeds 500 KiB',
        findingId: 'robots-txt-too-large',
      });
      checks.push({
        id: 'robots-syntax',
        title: 'Every line is a known directive',
        status: robots.issues.length === 0 ? 'pass' : 'warn',
        weight: 10,
        evidence:
          robots.issues.length === 0
            ? `${robots.groups.length} group(s), no problems`
            : robots.issues
                .slice(0, 5)
                .map((i) => `line ${i.line}: ${i.problem}`)
                .join('; '),
        fix: 'Fix or remove the listed lines (fields are User-agent, Allow, Disallow, Sitemap).',
        problem: 'robots.txt has lines crawlers ignore',
        findingId: 'robots-txt-syntax',
      });
      const blocksAll = robots.groups.some(
        (g) => g.userAgents.includes('*') && g.rules.some((r) => r.type === 'disallow' && r.path === '/') && !g.rules.some((r) => r.type === 'allow'),
      );
      checks.push({
        id: 'robots-not-blocking-all',
        title: 'Not disallowing the whole site for all crawlers',
        status: blocksAll ? 'fail' : 'pass',
        weight: 20,
        severity: 'high',
        evidence: blocksAll ? 'User-agent: * / Disallow: /' : 'no site-wide block',
        fix: 'Remove "Disallow: /" from the User-agent: * group unless the site must stay out of search.',
        problem: 'robots.txt blocks the whole site',
        findingId: 'robots-txt-blocks-all',
      });
      checks.push({
        id: 'robots-sitemap',
        title: 'Declares a Sitemap',
        status: robots.sitemaps.length > 0 ? 'pass' : 'warn',
        weight: 5,
        severity: 'low',
        evidence: robots.sitemaps.length ? robots.sitemaps.slice(0, 3).join(', ') : 'no Sitemap line',
        fix: 'Add "Sitemap: https://your.site/sitemap.xml" so crawlers find every page.',
        problem: 'No Sitemap line',
        findingId: 'robots-txt-no-sitemap',
      });
      const relative = robots.sitemaps.filter((s) => !/^https?:\/\//i.test(s));
      if (relative.length)
        checks.push({
          id: 'robots-sitemap-absolute',
          title: 'Sitemap URLs are absolute',
          status: 'fail',
          weight: 5,
          evidence: relative.join(', '),
          fix: 'Write Sitemap lines as absolute URLs.',
          problem: 'Relative Sitemap URL',
          findingId: 'robots-txt-sitemap-relative',
        });
    }
    const line = robots.matchingLine(url, userAgent);
    checks.push({
      id: 'url-allowed',
      title: `URL may be crawled by ${userAgent}`,
      status: allowed ? 'pass' : 'fail',
      weight: 30,
      severity: 'high',
      evidence: allowed
        ? `allowed${line ? ` (line ${line})` : ''}`
        : `disallowed${line ? ` by line ${line}: ${clip(robots.content.split(/\r\n|\r|\n/)[line - 1] ?? '', 80)}` : ''}`,
      fix: `Remove or narrow the rule that blocks ${userAgent} from this URL, or leave it if the block is intended.`,
      problem: `robots.txt blocks ${userAgent} from this URL`,
      findingId: 'url-disallowed',
    });
    const access = [...new Set([userAgent, ...BOTS])].map((ua) => ({
      userAgent: ua,
      allowed: robots.isAllowed(url, ua),
      matchingLine: robots.matchingLine(url, ua),
    }));
    return {
      robotsUrl: robots.url,
      httpStatus: robots.status,
      state: robots.state,
      bytes: robots.bytes,
      userAgent,
      allowed,
      matchingLine: line,
      access,
      groups: robots.groups,
      sitemaps: robots.sitemaps,
      issues: robots.issues,
      content: robots.content.slice(0, 20_000),
      audit: buildAudit(checks),
    };
  },
});
