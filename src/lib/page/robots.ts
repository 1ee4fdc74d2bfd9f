import { ToolError } from '../../core/errors.ts';
import type { FetchSession } from '../../engines/fetch/fetcher.ts';
import { decodeBody } from './context.ts';
import { lazy } from '../lazy.ts';

// The package's own typings declare an untyped module; this is its documented call signature.
const robotsParser = lazy<(url: string, contents: string) => RobotsRules>('robots-parser');

/**
 * robots.txt per RFC 9309, parsed with robots-parser: 2xx → the rules apply; 4xx (incl. 404) → no
 * rules, everything allowed; 5xx or unreachable → everything disallowed. At most 500 KiB is parsed.
 */
interface RobotsRules {
  isAllowed(url: string, ua?: string): boolean | undefined;
  getMatchingLineNumber(url: string, ua?: string): number;
  getCrawlDelay(ua?: string): number | undefined;
  getSitemaps(): string[];
}

export const ROBOTS_MAX_BYTES = 500 * 1024;

export interface RobotsGroup {
  userAgents: string[];
  rules: Array<{ type: 'allow' | 'disallow'; path: string; line: number }>;
  crawlDelay: number | null;
}

export interface RobotsFile {
  url: string;
  status: number | null;
  /** `rules` (2xx), `unavailable` (4xx: allow all), `unreachable` (5xx/network: disallow all). */
  state: 'rules' | 'unavailable' | 'unreachable';
  error: string | null;
  content: string;
  bytes: number;
  truncated: boolean;
  groups: RobotsGroup[];
  sitemaps: string[];
  /** Lines that are not `key: value`, or have an unknown key. */
  issues: Array<{ line: number; text: string; problem: string }>;
  isAllowed(url: string, userAgent: string): boolean;
  matchingLine(url: string, userAgent: string): number | null;
}

const KNOWN = new Set(['user-agent', 'allow', 'disallow', 'sitemap', 'crawl-delay', 'host', 'clean-param', 'noindex', 'request-rate', 'visit-time']);

export async function fetchRobots(fetcher: FetchSession, pageUrl: string, field = 'url'): Promise<RobotsFile> {
  const robotsUrl = new URL('/robots.txt', pageUrl).href;
  let status: number | null = null;
  let content = '';
  let bytes = 0;
  let truncated = false;
  let error: string | null = null;
  try {
    const response = await fetcher.fetch(robotsUrl, { field, truncate: true, maxBytes: ROBOTS_MAX_BYTES, headers: { accept: 'text/plain,*/*;q=0.5' } });
    status = response.status;
    bytes = response.body.length;
    truncated = response.truncated;
    if (status >= 200 && status < 300) content = decodeBody(response.body, response.contentType ?? 'text/plain; charset=utf-8');
  } catch (e) {
    if (e instanceof ToolError && (e.code === 'forbidden_target' || e.code === 'validation_failed')) throw e;
    error = e instanceof ToolError ? e.detail : String(e);
  }
  const state: RobotsFile['state'] =
    status !== null && status >= 200 && status < 300 ? 'rules' : status !== null && status >= 400 && status < 500 ? 'unavailable' : 'unreachable';
  const parser = robotsParser()(robotsUrl, state === 'rules' ? content : '');
  const { groups, sitemaps, issues } = state === 'rules' ? structure(content) : { groups: [], sitemaps: [], issues: [] };
  return {
    url: robotsUrl,
    status,
    state,
    error,
    content,
    bytes,
    truncated,
    groups,
    sitemaps: state === 'rules' ? parser.getSitemaps() : sitemaps,
    issues,
    isAllowed: (url, ua) => (state === 'unreachable' ? false : state === 'unavailable' ? true : parser.isAllowed(url, ua) !== false),
    matchingLine: (url, ua) => {
      if (state !== 'rules') return null;
      const n = parser.getMatchingLineNumber(url, ua);
      return n > 0 ? n : null;
    },
  };
}

function structure(content: string): { groups: RobotsGroup[]; sitemaps: string[]; issues: RobotsFile['issues'] } {
  const groups: RobotsGroup[] = [];
  const sitemaps: string[] = [];
  const issues: RobotsFile['issues'] = [];
  let current: RobotsGroup | null = null;
  let lastWasAgent = false;
  content.split(/\r\n|\r|\n/).forEach((rawLine, i) => {
    const line = rawLine.replace(/#.*$/, '').trim();
    const n = i + 1;
    if (!line) return;
    const m = /^([A-Za-z-]+)\s*:\s*(.*)$/.exec(line);
    if (!m) {
      issues.push({ line: n, text: clipLine(rawLine), problem: 'not a "field: value" line' });
      return;
    }
    const key = m[1]!.toLowerCase();
    const value = m[2]!.trim();
    if (!KNOWN.has(key)) issues.push({ line: n, text: clipLine(rawLine), problem: `unknown directive "${m[1]}"` });
    if (key === 'user-agent') {
      if (!current || !lastWasAgent) {
        current = { userAgents: [], rules: [], crawlDelay: null };
        groups.push(current);
      }
      current.userAgents.push(value);
      lastWasAgent = true;
      return;
    }
    lastWasAgent = false;
    if (key === 'sitemap') {
      sitemaps.push(value);
      return;
    }
    if (key === 'allow' || key === 'disallow') {
      if (!current) {
        issues.push({ line: n, text: clipLine(rawLine), problem: `${key} before any user-agent line (ignored)` });
        return;
      }
      if (value && !value.startsWith('/') && !value.startsWith('*'))
        issues.push({ line: n, text: clipLine(rawLine), problem: 'path should start with / or *' });
      current.rules.push({ type: key, path: value, line: n });
      return;
    }
    if (key === 'crawl-delay' && current) {
      const d = Number(value);
      if (Number.isFinite(d)) current.crawlDelay = d;
      else issues.push({ line: n, text: clipLine(rawLine), problem: 'crawl-delay is not a number' });
    }
  });
  return { groups, sitemaps, issues };
}

function clipLine(s: string): string {
  return s.length > 120 ? `${s.slice(0, 119)}…` : s;
}
