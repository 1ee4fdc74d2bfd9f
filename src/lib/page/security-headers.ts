import type { CheckInput } from './audit.ts';

/** Security-header checks shared by security-headers-analyzer and http-headers-checker. */
export const SECURITY_HEADERS = [
  'strict-transport-security',
  'content-security-policy',
  'content-security-policy-report-only',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'permissions-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'cross-origin-embedder-policy',
  'x-xss-protection',
  'server',
  'x-powered-by',
  'x-aspnet-version',
];

export function parseHsts(value: string): { maxAge: number | null; includeSubDomains: boolean; preload: boolean } {
  const maxAge = /max-age\s*=\s*"?(\d+)/i.exec(value)?.[1];
  return { maxAge: maxAge ? Number(maxAge) : null, includeSubDomains: /includesubdomains/i.test(value), preload: /(^|;)\s*preload\b/i.test(value) };
}

export function cspDirectives(csp: string): Map<string, string[]> {
  const m = new Map<string, string[]>();
  for (const part of csp.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name && !m.has(name.toLowerCase())) m.set(name.toLowerCase(), values);
  }
  return m;
}

/** Headers worth sending whatever their value (a low finding when absent). */
const RECOMMENDED_HEADERS = [
  {
    header: 'permissions-policy',
    id: 'permissions-policy',
    title: 'Permissions-Policy',
    evidenceChars: 150,
    fix: 'Add Permissions-Policy to turn off features the site does not use, e.g. camera=(), microphone=(), geolocation=().',
  },
  {
    header: 'cross-origin-opener-policy',
    id: 'coop',
    title: 'Cross-Origin-Opener-Policy',
    evidenceChars: undefined,
    fix: 'Add Cross-Origin-Opener-Policy: same-origin (or same-origin-allow-popups).',
  },
];

export function securityHeaderChecks(
  headers: Record<string, string>,
  https: boolean,
): { checks: CheckInput[]; found: Record<string, string>; missing: string[] } {
  const h = (n: string): string | undefined => headers[n];
  const found: Record<string, string> = {};
  for (const n of SECURITY_HEADERS) if (headers[n] !== undefined) found[n] = headers[n];
  const checks: CheckInput[] = [];
  const hsts = h('strict-transport-security');
  if (!https || !hsts) {
    // Over plain http a browser ignores the header (RFC 6797 §8.1), so the fix starts with HTTPS.
    checks.push({
      id: 'hsts',
      title: 'Strict-Transport-Security',
      status: 'fail',
      weight: 20,
      severity: 'high',
      evidence: https ? 'header absent' : 'the URL is plain http (HSTS only works over HTTPS)',
      fix: https
        ? 'Add Strict-Transport-Security: max-age=31536000; includeSubDomains'
        : 'Serve the site over HTTPS, redirect http to https, then send Strict-Transport-Security: max-age=31536000; includeSubDomains.',
      problem: https ? 'HSTS missing' : 'No HTTPS, so no HSTS',
      findingId: 'hsts-missing',
    });
  } else {
    const p = parseHsts(hsts);
    const ok = (p.maxAge ?? 0) >= 15_552_000;
    checks.push({
      id: 'hsts',
      title: 'Strict-Transport-Security',
      status: ok && p.includeSubDomains ? 'pass' : ok ? 'warn' : 'fail',
      weight: 20,
      severity: ok ? 'low' : 'medium',
      evidence: hsts,
      fix: 'Use max-age of at least 15552000 (180 days; 31536000 recommended) with includeSubDomains.',
      problem: ok ? 'HSTS without includeSubDomains' : 'HSTS max-age too short',
      findingId: ok ? 'hsts-no-subdomains' : 'hsts-short-max-age',
    });
  }
  const csp = h('content-security-policy');
  if (!csp) {
    const ro = h('content-security-policy-report-only');
    checks.push({
      id: 'csp',
      title: 'Content-Security-Policy',
      status: 'fail',
      weight: 25,
      severity: 'high',
      evidence: ro ? `only Report-Only: ${ro.slice(0, 150)}` : 'header absent',
      fix: "Add a Content-Security-Policy, e.g. default-src 'self'; object-src 'none'; frame-ancestors 'self'; base-uri 'self' (evaluate it with csp-policy-evaluator).",
      problem: 'No Content-Security-Policy',
      findingId: 'csp-missing',
    });
  } else {
    const d = cspDirectives(csp);
    const script = d.get('script-src') ?? d.get('default-src') ?? [];
    const weak: string[] = [];
    if (script.includes("'unsafe-inline'") && !script.some((s) => /^'(nonce-|sha(256|384|512)-|strict-dynamic')/.test(s)))
      weak.push("'unsafe-inline' in script-src");
    if (script.includes("'unsafe-eval'")) weak.push("'unsafe-eval' in script-src");
    if (script.includes('*') || script.includes('http:') || script.includes('https:')) weak.push('wildcard script sources');
    if (!d.has('script-src') && !d.has('default-src')) weak.push('no script-src or default-src');
    if (!d.has('object-src') && !(d.get('default-src') ?? []).includes("'none'")) weak.push("object-src not restricted (add object-src 'none')");
    checks.push({
      id: 'csp',
      title: 'Content-Security-Policy',
      status: weak.length === 0 ? 'pass' : 'warn',
      weight: 25,
      severity: 'medium',
      evidence: csp.slice(0, 200),
      fix: `Tighten the policy: ${weak.join('; ')}. Prefer nonces or hashes to 'unsafe-inline'.`,
      problem: 'Weak Content-Security-Policy',
      findingId: 'csp-weak',
    });
  }
  const xcto = h('x-content-type-options');
  checks.push({
    id: 'x-content-type-options',
    title: 'X-Content-Type-Options: nosniff',
    status: xcto?.toLowerCase().trim() === 'nosniff' ? 'pass' : 'fail',
    weight: 10,
    evidence: xcto ?? 'header absent',
    fix: 'Add X-Content-Type-Options: nosniff',
    problem: 'MIME sniffing not disabled',
    findingId: 'x-content-type-options-missing',
  });
  const xfo = h('x-frame-options');
  const fa = csp ? cspDirectives(csp).get('frame-ancestors') : undefined;
  const framing = fa !== undefined || /^(deny|sameorigin)$/i.test((xfo ?? '').trim());
  checks.push({
    id: 'clickjacking',
    title: 'Clickjacking protection (X-Frame-Options or frame-ancestors)',
    status: framing ? 'pass' : 'fail',
    weight: 10,
    evidence: fa ? `frame-ancestors ${fa.join(' ')}` : (xfo ?? 'neither header'),
    fix: "Add Content-Security-Policy: frame-ancestors 'self' (and X-Frame-Options: SAMEORIGIN for old browsers).",
    problem: 'Page can be framed by any site',
    findingId: 'clickjacking-unprotected',
  });
  const rp = h('referrer-policy');
  const goodRp =
    /(no-referrer|strict-origin|strict-origin-when-cross-origin|same-origin|origin-when-cross-origin|origin)\s*$/i.test(rp ?? '') &&
    !/unsafe-url|no-referrer-when-downgrade\s*$/i.test(rp ?? '');
  checks.push({
    id: 'referrer-policy',
    title: 'Referrer-Policy',
    status: goodRp ? 'pass' : rp ? 'warn' : 'warn',
    weight: 10,
    severity: 'low',
    evidence: rp ?? 'header absent (browsers default to strict-origin-when-cross-origin)',
    fix: 'Add Referrer-Policy: strict-origin-when-cross-origin (or no-referrer).',
    problem: rp ? 'Leaky Referrer-Policy' : 'No Referrer-Policy',
    findingId: 'referrer-policy-missing',
  });
  for (const r of RECOMMENDED_HEADERS) {
    const value = h(r.header);
    checks.push({
      id: r.id,
      title: r.title,
      status: value ? 'pass' : 'warn',
      weight: 5,
      severity: 'low',
      evidence: value ? value.slice(0, r.evidenceChars) : 'header absent',
      fix: r.fix,
      problem: `No ${r.title}`,
      findingId: `${r.id}-missing`,
    });
  }
  const corp = h('cross-origin-resource-policy');
  checks.push({
    id: 'corp',
    title: 'Cross-Origin-Resource-Policy',
    status: corp ? 'pass' : 'info',
    weight: 0,
    evidence: corp ?? 'header absent',
    fix: 'Consider Cross-Origin-Resource-Policy: same-site for resources that should not be embedded elsewhere.',
  });
  const xxp = h('x-xss-protection');
  if (xxp && !/^\s*0\s*$/.test(xxp))
    checks.push({
      id: 'x-xss-protection',
      title: 'X-XSS-Protection disabled or absent',
      status: 'warn',
      weight: 5,
      severity: 'low',
      evidence: xxp,
      fix: 'Remove X-XSS-Protection or set it to 0; the old XSS auditor can be abused and CSP replaces it.',
      problem: 'Deprecated X-XSS-Protection enabled',
      findingId: 'x-xss-protection-enabled',
    });
  const disclose = [h('server'), h('x-powered-by'), h('x-aspnet-version')].filter((v): v is string => Boolean(v) && /\d/.test(v!));
  checks.push({
    id: 'version-disclosure',
    title: 'No software versions disclosed',
    status: disclose.length ? 'warn' : 'pass',
    weight: 5,
    severity: 'low',
    evidence: disclose.length ? disclose.join('; ') : 'no versions in Server / X-Powered-By',
    fix: 'Remove version numbers from Server and X-Powered-By (they help attackers pick exploits).',
    problem: 'Server software version disclosed',
    findingId: 'version-disclosure',
  });
  const missing = [
    'strict-transport-security',
    'content-security-policy',
    'x-content-type-options',
    'x-frame-options',
    'referrer-policy',
    'permissions-policy',
    'cross-origin-opener-policy',
  ].filter((n) => headers[n] === undefined);
  return { checks, found, missing };
}
