import { z } from 'zod';
import { defineUrlAudit } from '../../lib/page/define-url-tool.ts';
import { ToolError } from '../../core/errors.ts';
import { buildAudit, type CheckInput } from '../../lib/page/audit.ts';
import { decodeBody, fetcherOf } from '../../lib/page/context.ts';
import { parseSecurityTxt } from '../../lib/page/security-txt.ts';
import type { FetchResult } from '../../engines/fetch/fetcher.ts';

const YEAR_MS = 366 * 86_400_000;

export default defineUrlAudit({
  module: 'security-apis',
  slug: 'security-txt-checker',
  title: 'security.txt checker (RFC 9116)',
  description:
    'Fetches /.well-known/security.txt (falling back to /security.txt) and validates it against RFC 9116: at least one Contact ' +
    '(mailto:, https: or tel: URI), exactly one Expires in ISO 8601 that is in the future and less than a year away, optional ' +
    'Encryption, Acknowledgments, Policy, Hiring, CSAF, Preferred-Languages (at most once) and Canonical (which should list the ' +
    'URL it was fetched from), served over HTTPS as text/plain, optionally PGP-signed. Lists every field and problem.',
  keywords: ['security.txt', 'rfc 9116', 'vulnerability disclosure', 'security contact', 'well-known'],
  urlHelp: 'Site URL (its /.well-known/security.txt is checked)',
  fields: () => ({
    securityTxtUrl: z.string().nullable().describe('Where the file was found (null when not found)'),
    httpStatus: z.number().int().nullable(),
    contentType: z.string().nullable(),
    signed: z.boolean(),
    contacts: z.array(z.string()),
    expires: z.string().nullable(),
    daysUntilExpiry: z.number().int().nullable(),
    fields: z.array(z.object({ name: z.string(), value: z.string(), line: z.number().int() })),
    problems: z.array(z.object({ line: z.number().int().nullable(), severity: z.enum(['high', 'medium', 'low']), message: z.string() })),
  }),
  live: { 'a site': 'https://example.com/', 'a bare host': 'example.org' },
  offline: { title: 'a security.txt without Expires, served as HTML', finds: ['security-txt-expires-invalid', 'security-txt-content-type'] },
  run: async ({ url }, ctx) => {
    const fetcher = fetcherOf(ctx);
    const candidates = [new URL('/.well-known/security.txt', url).href, new URL('/security.txt', url).href];
    let found: { url: string; response: FetchResult } | null = null;
    let lastStatus: number | null = null;
    for (const c of candidates) {
      try {
        const r = await fetcher.fetch(c, { truncate: true, maxBytes: 64 * 1024, headers: { accept: 'text/plain' } });
        lastStatus = r.status;
        if (r.status >= 200 && r.status < 300 && !/^\s*<(!doctype|html)/i.test(r.body.subarray(0, 200).toString('utf8'))) {
          found = { url: c, response: r };
          break;
        }
      } catch (e) {
        if (e instanceof ToolError && (e.code === 'forbidden_target' || e.code === 'validation_failed')) throw e;
        if (c === candidates[0]) continue;
        throw e;
      }
    }
    const checks: CheckInput[] = [];
    if (!found) {
      checks.push({
        id: 'security-txt-present',
        title: 'security.txt published',
        status: 'fail',
        weight: 100,
        severity: 'medium',
        evidence: `${candidates[0]}: ${lastStatus ?? 'no answer'}`,
        fix: 'Publish /.well-known/security.txt with at least Contact and Expires (RFC 9116).',
        problem: 'No security.txt',
        findingId: 'security-txt-missing',
      });
      return {
        securityTxtUrl: null,
        httpStatus: lastStatus,
        contentType: null,
        signed: false,
        contacts: [],
        expires: null,
        daysUntilExpiry: null,
        fields: [],
        problems: [],
        audit: buildAudit(checks),
      };
    }
    const { response } = found;
    const parsed = parseSecurityTxt(decodeBody(response.body, response.contentType ?? 'text/plain; charset=utf-8'));
    const get = (n: string): string[] => parsed.fields.filter((f) => f.name === n).map((f) => f.value);
    const contacts = get('contact');
    const expiresAll = get('expires');
    const expires = expiresAll[0] ?? null;
    const expiresMs = expires ? Date.parse(expires) : NaN;
    const now = ctx.now().getTime();
    const days = Number.isFinite(expiresMs) ? Math.floor((expiresMs - now) / 86_400_000) : null;
    const badContacts = contacts.filter((c) => !/^(mailto:|https:\/\/|tel:)/i.test(c));
    const canon = get('canonical');
    checks.push({
      id: 'security-txt-present',
      title: 'security.txt published',
      status: found.url === candidates[0] ? 'pass' : 'warn',
      weight: 15,
      evidence: found.url,
      fix: 'Serve the file at /.well-known/security.txt (the /security.txt location is legacy).',
      problem: 'security.txt only at the legacy location',
      findingId: 'security-txt-legacy-location',
    });
    checks.push({
      id: 'contact',
      title: 'Contact field with a mailto:, https: or tel: URI',
      status: contacts.length === 0 ? 'fail' : badContacts.length ? 'warn' : 'pass',
      weight: 25,
      severity: 'high',
      evidence: contacts.length ? contacts.join(', ') : 'no Contact field',
      fix: 'Add "Contact: mailto:security@your.domain" (or an https:// form).',
      problem: contacts.length ? 'Contact is not a URI' : 'No Contact field (required)',
      findingId: contacts.length ? 'security-txt-contact-invalid' : 'security-txt-no-contact',
    });
    checks.push({
      id: 'expires',
      title: 'Expires once, valid, in the future, < 1 year',
      status: expiresAll.length !== 1 || days === null ? 'fail' : days < 0 ? 'fail' : expiresMs - now > YEAR_MS ? 'warn' : 'pass',
      weight: 25,
      severity: days !== null && days < 0 ? 'high' : 'medium',
      evidence:
        expiresAll.length === 0
          ? 'no Expires field'
          : expiresAll.length > 1
            ? `${expiresAll.length} Expires fields`
            : days === null
              ? `"${expires}" is not an ISO 8601 date-time`
              : days < 0
                ? `expired ${-days} days ago (${expires})`
                : `${expires} (${days} days)`,
      fix: 'Set exactly one "Expires: YYYY-MM-DDThh:mm:ssZ" less than a year ahead and renew it before then.',
      problem: days !== null && days < 0 ? 'security.txt has expired' : 'Expires field missing or invalid',
      findingId: days !== null && days < 0 ? 'security-txt-expired' : 'security-txt-expires-invalid',
    });
    checks.push({
      id: 'https',
      title: 'Served over HTTPS',
      status: response.url.startsWith('https:') ? 'pass' : 'fail',
      weight: 10,
      evidence: response.url,
      fix: 'Serve security.txt over HTTPS.',
      problem: 'security.txt over plain HTTP',
      findingId: 'security-txt-not-https',
    });
    checks.push({
      id: 'content-type',
      title: 'text/plain; charset=utf-8',
      status: /^text\/plain/i.test(response.contentType ?? '') ? 'pass' : 'warn',
      weight: 5,
      severity: 'low',
      evidence: response.contentType ?? 'no Content-Type',
      fix: 'Serve it as text/plain; charset=utf-8.',
      problem: 'Wrong content type',
      findingId: 'security-txt-content-type',
    });
    checks.push({
      id: 'canonical',
      title: 'Canonical lists this URL',
      status: canon.length === 0 ? 'warn' : canon.includes(found.url) ? 'pass' : 'warn',
      weight: 5,
      severity: 'low',
      evidence: canon.length ? canon.join(', ') : 'no Canonical field',
      fix: `Add "Canonical: ${found.url}".`,
      problem: canon.length ? 'Canonical does not list the fetched URL' : 'No Canonical field',
      findingId: 'security-txt-canonical',
    });
    const repeated = ['preferred-languages', 'expires'].filter((n) => get(n).length > 1);
    const syntax = parsed.problems.filter((p) => p.severity !== 'low');
    checks.push({
      id: 'syntax',
      title: 'Well-formed fields',
      status: syntax.length || repeated.length ? 'warn' : 'pass',
      weight: 10,
      evidence:
        [...syntax.map((p) => `line ${p.line}: ${p.message}`), ...repeated.map((r) => `${r} appears more than once`)].slice(0, 4).join('; ') ||
        `${parsed.fields.length} fields`,
      fix: 'One "Field: value" per line; Expires and Preferred-Languages at most once.',
      problem: 'Malformed security.txt lines',
      findingId: 'security-txt-syntax',
    });
    checks.push({
      id: 'signed',
      title: 'PGP-signed',
      status: parsed.signed ? 'pass' : 'info',
      evidence: parsed.signed ? 'cleartext-signed' : 'not signed (optional)',
      fix: 'Optionally sign the file with an OpenPGP cleartext signature.',
    });
    return {
      securityTxtUrl: found.url,
      httpStatus: response.status,
      contentType: response.contentType,
      signed: parsed.signed,
      contacts,
      expires,
      daysUntilExpiry: days,
      fields: parsed.fields,
      problems: parsed.problems,
      audit: buildAudit(checks),
    };
  },
});
