import { z } from 'zod';
import { definePageAudit } from '../../lib/page/define-url-tool.ts';
import { buildAudit, compareSeverity, type CheckInput, type Finding } from '../../lib/page/audit.ts';
import { fetcherOf } from '../../lib/page/context.ts';
import { looksSensitive, parseSetCookie } from '../../lib/page/cookies.ts';

const FOUR_HUNDRED_DAYS = 400 * 86_400;

export default definePageAudit({
  module: 'security-apis',
  slug: 'cookie-security-analyzer',
  title: 'Cookie security analyzer',
  description:
    'Requests a URL and analyses every Set-Cookie header of the response: Secure, HttpOnly, SameSite (Strict/Lax/None), ' +
    'Domain, Path, lifetime (Expires/Max-Age, capped at 400 days by browsers) and Partitioned, and the __Secure-/__Host- ' +
    'prefix rules. Session-like cookies (names such as session, sid, auth, token, csrf) without Secure or HttpOnly are rated ' +
    'high; SameSite=None without Secure is rejected by browsers. Values are never returned, only their length.',
  keywords: ['cookie security', 'set-cookie', 'httponly', 'samesite', 'secure flag', 'session cookie'],
  fields: () => ({
    httpStatus: z.number().int(),
    cookies: z.array(
      z.object({
        name: z.string(),
        valueLength: z.number().int(),
        secure: z.boolean(),
        httpOnly: z.boolean(),
        sameSite: z.string().nullable(),
        domain: z.string().nullable(),
        path: z.string().nullable(),
        expires: z.string().nullable(),
        maxAge: z.number().nullable(),
        partitioned: z.boolean(),
        sensitive: z.boolean().describe('The name looks like a session or auth cookie'),
        issues: z.array(z.string()),
      }),
    ),
  }),
  live: { 'a login page': 'https://example.com/login', 'a home page': 'https://example.com/' },
  offline: {
    title: 'a session cookie without Secure, HttpOnly or SameSite',
    finds: ['cookie-no-secure:session', 'cookie-no-httponly:session', 'cookie-no-samesite:session'],
  },
  run: async ({ url }, ctx) => {
    const response = await fetcherOf(ctx).fetch(url, { truncate: true, maxBytes: 64 * 1024 });
    const https = response.url.startsWith('https:');
    const host = new URL(response.url).hostname;
    const extra: Finding[] = [];
    const cookies = response.setCookie.map((header) => {
      const c = parseSetCookie(header);
      const sensitive = looksSensitive(c.name);
      const issues: string[] = [];
      const add = (id: string, severity: Finding['severity'], title: string, fix: string): void => {
        issues.push(title);
        extra.push({ id: `${id}:${c.name}`, severity, title: `${c.name}: ${title}`, evidence: c.raw.replace(/=[^;]*/, '=…'), fix });
      };
      if (!c.secure)
        add(
          'cookie-no-secure',
          sensitive || https ? (sensitive ? 'high' : 'medium') : 'low',
          'no Secure attribute',
          'Add Secure so the cookie is never sent over plain HTTP.',
        );
      if (!c.httpOnly && sensitive)
        add('cookie-no-httponly', 'high', 'session-like cookie readable by JavaScript (no HttpOnly)', 'Add HttpOnly so scripts (and XSS) cannot read it.');
      if (c.sameSite === null)
        add('cookie-no-samesite', sensitive ? 'medium' : 'low', 'no SameSite attribute', 'Add SameSite=Lax (or Strict) to limit cross-site sending (CSRF).');
      else if (!/^(strict|lax|none)$/i.test(c.sameSite))
        add('cookie-bad-samesite', 'medium', `invalid SameSite value "${c.sameSite}"`, 'Use SameSite=Strict, Lax or None.');
      if (c.sameSite?.toLowerCase() === 'none' && !c.secure)
        add('cookie-samesite-none-insecure', 'high', 'SameSite=None without Secure (browsers reject it)', 'Add Secure, or use SameSite=Lax.');
      if (c.name.startsWith('__Secure-') && !c.secure)
        add('cookie-prefix-violation', 'high', '__Secure- prefix without Secure', 'Add Secure (browsers refuse __Secure- cookies without it).');
      if (c.name.startsWith('__Host-') && (!c.secure || c.domain !== null || c.path !== '/'))
        add('cookie-prefix-violation', 'high', '__Host- prefix needs Secure, Path=/ and no Domain', 'Set Secure and Path=/, remove Domain.');
      if (c.domain && c.domain.replace(/^\./, '') !== host && sensitive)
        add(
          'cookie-broad-domain',
          'low',
          `Domain=${c.domain} shares the cookie with every subdomain`,
          'Drop the Domain attribute to keep the cookie host-only.',
        );
      const lifetime = c.maxAge ?? (c.expires ? (Date.parse(c.expires) - ctx.now().getTime()) / 1000 : null);
      if (lifetime !== null && lifetime > FOUR_HUNDRED_DAYS)
        add('cookie-long-lifetime', 'low', 'lifetime over 400 days (browsers cap it)', 'Use a lifetime of at most 400 days; shorter for session cookies.');
      return {
        name: c.name,
        valueLength: c.valueLength,
        secure: c.secure,
        httpOnly: c.httpOnly,
        sameSite: c.sameSite,
        domain: c.domain,
        path: c.path,
        expires: c.expires,
        maxAge: c.maxAge,
        partitioned: c.partitioned,
        sensitive,
        issues,
      };
    });
    const checks: CheckInput[] = [];
    if (cookies.length === 0) {
      checks.push({
        id: 'cookies',
        title: 'Cookies set by the response',
        status: 'info',
        evidence: `the response of ${response.url} sets no cookies`,
        fix: '',
      });
    } else {
      for (const c of cookies) {
        checks.push({
          id: `cookie:${c.name}`,
          title: `Cookie ${c.name}`,
          status: c.issues.length === 0 ? 'pass' : c.sensitive ? 'fail' : 'warn',
          weight: c.sensitive ? 20 : 10,
          evidence: c.issues.length ? c.issues.join('; ') : 'Secure, HttpOnly and SameSite set appropriately',
          fix: 'See the findings for this cookie.',
        });
      }
    }
    // Per-cookie problems are the findings (one per problem and cookie); the per-cookie checks carry the score.
    return {
      finalUrl: response.url,
      httpStatus: response.status,
      cookies,
      audit: { ...buildAudit(checks), findings: extra.sort(compareSeverity) },
    };
  },
});
