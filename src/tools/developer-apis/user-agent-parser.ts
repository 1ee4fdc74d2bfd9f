import type * as UaParser from 'ua-parser-js';
import { z } from 'zod';
import { defineTool } from '../../registry/define-tool.ts';
import { lazy } from '../../lib/lazy.ts';

const uaParser = lazy<typeof UaParser>('ua-parser-js');

/** Crawlers, monitors and HTTP libraries ua-parser-js (a browser detector) does not name. */
const BOTS: [RegExp, string, string][] = [
  [/Googlebot|AdsBot-Google|Mediapartners-Google|Google-InspectionTool|GoogleOther|Storebot-Google/i, 'Googlebot', 'search-engine'],
  [/bingbot|BingPreview|msnbot|adidxbot/i, 'Bingbot', 'search-engine'],
  [/DuckDuckBot|DuckAssistBot/i, 'DuckDuckBot', 'search-engine'],
  [/YandexBot|YandexImages|YandexMobileBot/i, 'YandexBot', 'search-engine'],
  [/Baiduspider/i, 'Baiduspider', 'search-engine'],
  [/Applebot/i, 'Applebot', 'search-engine'],
  [/Slurp/i, 'Yahoo Slurp', 'search-engine'],
  [/GPTBot|ChatGPT-User|OAI-SearchBot/i, 'OpenAI', 'ai-crawler'],
  [/ClaudeBot|Claude-User|Claude-SearchBot|anthropic-ai/i, 'Anthropic', 'ai-crawler'],
  [/PerplexityBot|Perplexity-User/i, 'PerplexityBot', 'ai-crawler'],
  [/CCBot/i, 'Common Crawl', 'ai-crawler'],
  [/Bytespider/i, 'Bytespider', 'ai-crawler'],
  [/facebookexternalhit|facebookcatalog|meta-externalagent/i, 'Facebook', 'social-preview'],
  [/Twitterbot/i, 'Twitterbot', 'social-preview'],
  [/LinkedInBot/i, 'LinkedInBot', 'social-preview'],
  [/Slackbot|Slack-ImgProxy/i, 'Slackbot', 'social-preview'],
  [/Discordbot/i, 'Discordbot', 'social-preview'],
  [/TelegramBot/i, 'TelegramBot', 'social-preview'],
  [/WhatsApp/i, 'WhatsApp', 'social-preview'],
  [/AhrefsBot|SemrushBot|MJ12bot|DotBot|rogerbot|Screaming Frog/i, 'SEO crawler', 'seo-crawler'],
  [/UptimeRobot|Pingdom|StatusCake|Site24x7|Better Uptime/i, 'Uptime monitor', 'monitor'],
  [/HeadlessChrome|PhantomJS|Puppeteer|Playwright|Lighthouse/i, 'Headless browser', 'automation'],
  [
    /^curl\/|^Wget\/|python-requests|python-urllib|aiohttp|Go-http-client|okhttp|axios|node-fetch|undici|Java\/|libwww-perl|HTTPie|PostmanRuntime|insomnia/i,
    'HTTP client',
    'http-client',
  ],
  [/bot\b|crawler|spider|crawling|scraper/i, 'Unknown bot', 'bot'],
];

function detectBot(ua: string): { name: string; category: string } | null {
  for (const [pattern, name, category] of BOTS) if (pattern.test(ua)) return { name, category };
  return null;
}

const part = (value: string | undefined): string | null => (value === undefined || value === '' ? null : value);

export default defineTool({
  module: 'developer-apis',
  slug: 'user-agent-parser',
  title: 'User-Agent parser',
  description:
    'Parses a User-Agent string into browser (name, version, major), rendering engine, operating system, device (type: mobile, tablet, smarttv, console, wearable, embedded; vendor; model) and CPU architecture ' +
    '(ua-parser-js 1.x, MIT), and flags bots: search-engine and AI crawlers, social link-preview fetchers, SEO crawlers, uptime monitors, headless browsers and HTTP libraries such as curl or python-requests. ' +
    'deviceType is "desktop" when no mobile/tablet/other device is detected. Note that modern browsers freeze parts of the string (e.g. macOS version 10.15.7, Windows 10 for Windows 11).',
  keywords: ['user agent', 'ua parser', 'browser detection', 'device detection', 'os detection', 'bot detection', 'crawler'],
  input: () =>
    z.object({
      userAgent: z.string().min(1, 'must not be empty').max(2_000, 'at most 2,000 characters').describe('The User-Agent header value'),
    }),
  output: () =>
    z.object({
      userAgent: z.string(),
      browser: z.object({ name: z.string().nullable(), version: z.string().nullable(), major: z.string().nullable() }),
      engine: z.object({ name: z.string().nullable(), version: z.string().nullable() }),
      os: z.object({ name: z.string().nullable(), version: z.string().nullable() }),
      device: z.object({
        type: z.string().nullable().describe('mobile, tablet, smarttv, console, wearable, embedded, or null'),
        vendor: z.string().nullable(),
        model: z.string().nullable(),
      }),
      cpu: z.object({ architecture: z.string().nullable() }),
      deviceType: z.string().describe('device.type, or desktop / bot / unknown when none is given'),
      isBot: z.boolean(),
      bot: z.object({ name: z.string(), category: z.string() }).nullable(),
    }),
  examples: [
    {
      title: 'iPhone Safari',
      input: {
        userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      },
      output: {
        userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
        browser: { name: 'Mobile Safari', version: '17.4', major: '17' },
        engine: { name: 'WebKit', version: '605.1.15' },
        os: { name: 'iOS', version: '17.4' },
        device: { type: 'mobile', vendor: 'Apple', model: 'iPhone' },
        cpu: { architecture: null },
        deviceType: 'mobile',
        isBot: false,
        bot: null,
      },
    },
    {
      title: 'Edge on Windows desktop',
      input: { userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51' },
      output: {
        userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51',
        browser: { name: 'Edge', version: '124.0.2478.51', major: '124' },
        engine: { name: 'Blink', version: '124.0.0.0' },
        os: { name: 'Windows', version: '10' },
        device: { type: null, vendor: null, model: null },
        cpu: { architecture: 'amd64' },
        deviceType: 'desktop',
        isBot: false,
        bot: null,
      },
    },
    {
      title: 'Googlebot',
      input: { userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
      output: {
        userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
        browser: { name: null, version: null, major: null },
        engine: { name: null, version: null },
        os: { name: null, version: null },
        device: { type: null, vendor: null, model: null },
        cpu: { architecture: null },
        deviceType: 'bot',
        isBot: true,
        bot: { name: 'Googlebot', category: 'search-engine' },
      },
    },
  ],
  run: ({ userAgent }) => {
    const r = new (uaParser().UAParser)(userAgent).getResult();
    const bot = detectBot(userAgent);
    const deviceType = r.device.type ?? (bot ? 'bot' : r.os.name || r.browser.name ? 'desktop' : 'unknown');
    return {
      userAgent,
      browser: { name: part(r.browser.name), version: part(r.browser.version), major: part(r.browser.major) },
      engine: { name: part(r.engine.name), version: part(r.engine.version) },
      os: { name: part(r.os.name), version: part(r.os.version) },
      device: { type: part(r.device.type), vendor: part(r.device.vendor), model: part(r.device.model) },
      cpu: { architecture: part(r.cpu.architecture) },
      deviceType,
      isBot: bot !== null,
      bot,
    };
  },
});
