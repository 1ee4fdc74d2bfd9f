import { z } from 'zod';
import { defineTool } from '../../registry/define-tool.ts';
import { auditShape, buildAudit, type CheckInput } from '../../lib/page/audit.ts';
import { dnsOf, liveExample, siteExample, mapLimit } from '../../lib/page/context.ts';
import { openRelayDomain } from '../../lib/page/example-sites.ts';
import { domainInput, domainOf } from '../../lib/page/domain.ts';
import { analyzeDmarc, analyzeSpf, COMMON_SELECTORS, lookupDkim } from '../../lib/page/email-auth.ts';

export default defineTool({
  module: 'security-apis',
  slug: 'spf-dkim-dmarc-checker',
  title: 'SPF, DKIM and DMARC checker',
  description:
    'Checks a domain’s e-mail authentication in DNS: the SPF record (one record, the "all" qualifier, the 10-DNS-lookup limit ' +
    'counted through includes, deprecated ptr), DMARC at _dmarc (policy none/quarantine/reject, rua reports, pct) and DKIM keys ' +
    'for the selectors you give plus common ones (google, selector1/2, k1, default…) with key type and RSA key size. Give a ' +
    'domain or any URL or e-mail address of it. Also lists the MX hosts.',
  keywords: ['spf', 'dkim', 'dmarc', 'email authentication', 'email security', 'dns txt', 'deliverability'],
  method: 'GET',
  timeoutMs: 25_000,
  input: () =>
    z.object({
      ...domainInput,
      selectors: z.string().max(500, 'at most 500 characters').optional().describe('Comma-separated DKIM selectors to check besides the common ones'),
    }),
  output: () =>
    z.object({
      domain: z.string(),
      mx: z.array(z.string()),
      spf: z.object({
        record: z.string().nullable(),
        records: z.number().int(),
        all: z.string().nullable(),
        mechanisms: z.array(z.string()),
        lookups: z.number().int(),
        lookupDetail: z.array(z.string()),
        problems: z.array(z.string()),
      }),
      dmarc: z.object({ record: z.string().nullable(), policy: z.string().nullable(), tags: z.record(z.string(), z.string()), problems: z.array(z.string()) }),
      dkim: z
        .array(
          z.object({
            selector: z.string(),
            found: z.boolean(),
            keyType: z.string().nullable(),
            keyBits: z.number().int().nullable(),
            revoked: z.boolean(),
            testing: z.boolean(),
          }),
        )
        .describe('Selectors found (all checked selectors are in selectorsChecked)'),
      selectorsChecked: z.array(z.string()),
      ...auditShape,
    }),
  examples: [
    liveExample('a domain', { url: 'example.com' }),
    liveExample('with a known DKIM selector', { domain: 'example.com', selectors: 'mailjet,s2048' }),
    siteExample('SPF that allows everyone, and no DMARC', { domain: 'open-relay.example' }, openRelayDomain, ['spf-weak-all', 'dmarc-missing']),
  ],
  run: async (input, ctx) => {
    const domain = domainOf(input);
    const dns = dnsOf(ctx);
    const [spf, dmarc, mx] = await Promise.all([
      analyzeSpf(dns, domain, ctx.signal),
      analyzeDmarc(dns, domain, ctx.signal),
      dns.query(domain, 'MX', ctx.signal),
    ]);
    const selectors = [
      ...new Set([
        ...(input.selectors ?? '')
          .split(',')
          .map((s) => s.trim().toLowerCase())
          .filter((s) => /^[a-z0-9._-]{1,63}$/.test(s)),
        ...COMMON_SELECTORS,
      ]),
    ];
    const dkimAll = await mapLimit(selectors, 6, (s) => lookupDkim(dns, domain, s, ctx.signal));
    const dkim = dkimAll.filter((d) => d.found);
    const checks: CheckInput[] = [];
    checks.push({
      id: 'spf-present',
      title: 'SPF record published',
      status: spf.record ? (spf.records > 1 ? 'fail' : 'pass') : 'fail',
      weight: 25,
      severity: 'high',
      evidence: spf.record ?? 'no TXT record starting with v=spf1',
      fix: spf.records > 1 ? 'Merge the SPF records into one.' : 'Publish one TXT record like "v=spf1 include:_spf.your-provider.com -all".',
      problem: spf.records > 1 ? 'Several SPF records' : 'No SPF record',
      findingId: spf.records > 1 ? 'spf-multiple' : 'spf-missing',
    });
    if (spf.record) {
      const strict = /^-all$/i.test(spf.all ?? '');
      const soft = /^~all$/i.test(spf.all ?? '');
      checks.push({
        id: 'spf-all',
        title: 'SPF ends in -all (or ~all)',
        status: strict ? 'pass' : soft ? 'warn' : 'fail',
        weight: 15,
        severity: /\+?all$/.test(spf.all ?? '') && !/[-~?]/.test(spf.all ?? '') ? 'high' : 'medium',
        evidence: spf.all ?? 'no all mechanism',
        fix: 'End the record with -all once every sender is listed (~all while testing).',
        problem: 'SPF does not reject unlisted senders',
        findingId: 'spf-weak-all',
      });
      checks.push({
        id: 'spf-lookups',
        title: 'At most 10 SPF DNS lookups',
        status: spf.lookups <= 10 ? 'pass' : 'fail',
        weight: 10,
        severity: 'high',
        evidence: `${spf.lookups} lookups: ${spf.lookupDetail.slice(0, 8).join(', ')}`,
        fix: 'Flatten includes or remove unused senders to stay within 10 lookups.',
        problem: 'SPF exceeds 10 DNS lookups',
        findingId: 'spf-too-many-lookups',
      });
    }
    checks.push({
      id: 'dmarc-present',
      title: 'DMARC record published',
      status: dmarc.record ? 'pass' : 'fail',
      weight: 25,
      severity: 'high',
      evidence: dmarc.record ?? `no v=DMARC1 TXT record at _dmarc.${domain}`,
      fix: `Publish _dmarc.${domain} TXT "v=DMARC1; p=quarantine; rua=mailto:dmarc@${domain}".`,
      problem: 'No DMARC record',
      findingId: 'dmarc-missing',
    });
    if (dmarc.record) {
      checks.push({
        id: 'dmarc-policy',
        title: 'DMARC policy enforces (quarantine or reject)',
        status: dmarc.policy === 'reject' || dmarc.policy === 'quarantine' ? 'pass' : 'warn',
        weight: 10,
        severity: 'medium',
        evidence: `p=${dmarc.policy ?? 'missing'}`,
        fix: 'Move from p=none to p=quarantine, then p=reject, once reports show legitimate mail passes.',
        problem: 'DMARC policy is not enforced',
        findingId: 'dmarc-policy-none',
      });
      checks.push({
        id: 'dmarc-reports',
        title: 'DMARC aggregate reports requested',
        status: dmarc.tags.rua ? 'pass' : 'warn',
        weight: 5,
        severity: 'low',
        evidence: dmarc.tags.rua ?? 'no rua tag',
        fix: 'Add rua=mailto:… to receive aggregate reports.',
        problem: 'No DMARC reports',
        findingId: 'dmarc-no-rua',
      });
    }
    const weak = dkim.filter((d) => d.keyBits !== null && d.keyType === 'rsa' && d.keyBits < 2048);
    checks.push({
      id: 'dkim-found',
      title: 'A DKIM key found',
      status: dkim.some((d) => !d.revoked) ? 'pass' : 'warn',
      weight: 10,
      evidence: dkim.length
        ? dkim.map((d) => `${d.selector}: ${d.revoked ? 'revoked' : `${d.keyType} ${d.keyBits ?? '?'} bits`}`).join(', ')
        : `none of ${selectors.length} selectors answered (the selector may be unknown: pass it in selectors)`,
      fix: 'Enable DKIM signing at your mail provider and publish its selector._domainkey record.',
      problem: 'No DKIM key found',
      findingId: 'dkim-missing',
    });
    if (weak.length)
      checks.push({
        id: 'dkim-key-size',
        title: 'DKIM RSA keys of 2048 bits',
        status: 'warn',
        weight: 5,
        evidence: weak.map((d) => `${d.selector}: ${d.keyBits} bits`).join(', '),
        fix: 'Rotate to 2048-bit RSA keys.',
        problem: 'Weak DKIM key',
        findingId: 'dkim-weak-key',
      });
    return {
      domain,
      mx: mx.records.map((r) => r.value),
      spf: {
        record: spf.record,
        records: spf.records,
        all: spf.all,
        mechanisms: spf.mechanisms,
        lookups: spf.lookups,
        lookupDetail: spf.lookupDetail,
        problems: spf.problems,
      },
      dmarc: { record: dmarc.record, policy: dmarc.policy, tags: dmarc.tags, problems: dmarc.problems },
      dkim: dkim.map(({ selector, found, keyType, keyBits, revoked, testing }) => ({ selector, found, keyType, keyBits, revoked, testing })),
      selectorsChecked: selectors,
      ...buildAudit(checks),
    };
  },
});
