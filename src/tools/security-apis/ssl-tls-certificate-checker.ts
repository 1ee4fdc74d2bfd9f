import { z } from 'zod';
import { defineTool } from '../../registry/define-tool.ts';
import { auditShape, buildAudit, type CheckInput } from '../../lib/page/audit.ts';
import { fetcherOf, liveExample, siteExample, urlField } from '../../lib/page/context.ts';
import { selfSignedSite } from '../../lib/page/example-sites.ts';
import { boolParam } from '../../lib/page/context.ts';

const certSchema = z.object({
  subject: z.string(),
  issuer: z.string(),
  commonName: z.string().nullable(),
  subjectAltNames: z.array(z.string()),
  validFrom: z.string(),
  validTo: z.string(),
  serialNumber: z.string(),
  fingerprint256: z.string(),
  publicKey: z.string(),
  isCA: z.boolean(),
  selfSigned: z.boolean(),
});

const DAY = 86_400_000;

export default defineTool({
  module: 'security-apis',
  slug: 'ssl-tls-certificate-checker',
  title: 'SSL/TLS certificate checker',
  description:
    'Connects to the host over TLS (SNI = host name; an http:// URL is checked on port 443) and inspects the certificate chain ' +
    'the server sends: subject, issuer, subject alternative names, validity dates and days remaining, key type and size, ' +
    'fingerprints; then whether the chain validates against the standard CA store, whether the name matches a SAN, the ' +
    'negotiated protocol and cipher, and (optionally) whether the server still accepts TLS 1.0/1.1. Invalid certificates are ' +
    'reported, not refused.',
  keywords: ['ssl checker', 'tls certificate', 'certificate expiry', 'ssl expiration', 'https certificate', 'tls version', 'cipher'],
  method: 'GET',
  timeoutMs: 25_000,
  input: () =>
    z.object({
      url: urlField('Host or URL (https://host[:port]); http:// URLs are checked on 443'),
      checkLegacyProtocols: boolParam(true, 'Also try a TLS 1.0/1.1-only handshake (default true)'),
    }),
  output: () =>
    z.object({
      host: z.string(),
      port: z.number().int(),
      address: z.string(),
      protocol: z.string().nullable(),
      cipher: z.object({ name: z.string(), standardName: z.string().nullable(), version: z.string() }).nullable(),
      alpnProtocol: z.string().nullable(),
      trusted: z.boolean().describe('Chain validates against the CA store and the name matches'),
      authorizationError: z.string().nullable(),
      hostnameMatches: z.boolean(),
      daysRemaining: z.number().int().nullable(),
      acceptsLegacyTls: z.boolean().nullable(),
      certificate: certSchema.nullable().describe('The leaf certificate'),
      chain: z.array(certSchema),
      handshakeMs: z.number().int(),
      ...auditShape,
    }),
  examples: [
    liveExample('a site', { url: 'https://example.com/' }),
    liveExample('a host without scheme', { url: 'example.org', checkLegacyProtocols: false }),
    siteExample('a self-signed certificate', { url: 'https://self-signed.example/', checkLegacyProtocols: false }, selfSignedSite, ['tls-self-signed']),
  ],
  run: async ({ url, checkLegacyProtocols }, ctx) => {
    const u = new URL(url);
    if (u.protocol === 'http:') {
      u.protocol = 'https:';
      if (u.port === '80' || u.port === '') u.port = '';
    }
    const t = await fetcherOf(ctx).inspectTls(u.href, { probeLegacy: checkLegacyProtocols });
    const leaf = t.chain[0] ?? null;
    const now = ctx.now().getTime();
    const days = leaf ? Math.floor((new Date(leaf.validTo).getTime() - now) / DAY) : null;
    const notYet = leaf ? new Date(leaf.validFrom).getTime() > now : false;
    const checks: CheckInput[] = [];
    checks.push({
      id: 'tls-trusted',
      title: 'Certificate chain is trusted',
      status: t.authorized || (t.authorizationError === null && t.hostnameMatches) ? 'pass' : 'fail',
      weight: 30,
      severity: 'high',
      evidence: t.authorizationError ?? (leaf ? `issued by ${leaf.issuer}` : 'no certificate'),
      fix: leaf?.selfSigned
        ? 'Replace the self-signed certificate with one from a public CA (e.g. Let’s Encrypt).'
        : 'Serve the full chain (leaf + intermediates) from a trusted CA.',
      problem: leaf?.selfSigned ? 'Self-signed certificate' : 'Certificate chain not trusted',
      findingId: leaf?.selfSigned ? 'tls-self-signed' : 'tls-untrusted',
    });
    checks.push({
      id: 'tls-hostname',
      title: 'Certificate covers the host name',
      status: t.hostnameMatches ? 'pass' : 'fail',
      weight: 20,
      severity: 'high',
      evidence: t.hostnameError ?? `SAN: ${leaf?.subjectAltNames.slice(0, 6).join(', ') ?? ''}`,
      fix: `Issue a certificate whose subjectAltName includes ${t.host}.`,
      problem: 'Certificate does not match the host',
      findingId: 'tls-hostname-mismatch',
    });
    if (days !== null) {
      const expired = days < 0;
      checks.push({
        id: 'tls-validity',
        title: 'Certificate valid for 30+ days',
        status: expired || notYet ? 'fail' : days < 7 ? 'fail' : days < 30 ? 'warn' : 'pass',
        weight: 25,
        severity: expired || days < 7 || notYet ? 'high' : 'medium',
        evidence: notYet ? `not valid before ${leaf!.validFrom}` : expired ? `expired on ${leaf!.validTo}` : `expires ${leaf!.validTo} (${days} days)`,
        fix: 'Renew the certificate (automate renewal, e.g. with ACME).',
        problem: expired ? 'Certificate expired' : notYet ? 'Certificate not yet valid' : 'Certificate expires soon',
        findingId: expired ? 'tls-expired' : notYet ? 'tls-not-yet-valid' : 'tls-expiring-soon',
      });
    }
    const modern = t.protocol === 'TLSv1.3' || t.protocol === 'TLSv1.2';
    checks.push({
      id: 'tls-protocol',
      title: 'Negotiates TLS 1.2 or 1.3',
      status: modern ? 'pass' : 'fail',
      weight: 10,
      severity: 'high',
      evidence: `${t.protocol ?? 'unknown'} ${t.cipher?.name ?? ''}`.trim(),
      fix: 'Enable TLS 1.2 and 1.3 with AEAD ciphers.',
      problem: 'Outdated TLS protocol',
      findingId: 'tls-old-protocol',
    });
    if (t.acceptsLegacyTls !== null)
      checks.push({
        id: 'tls-legacy',
        title: 'TLS 1.0/1.1 disabled',
        status: t.acceptsLegacyTls ? 'fail' : 'pass',
        weight: 10,
        severity: 'medium',
        evidence: t.acceptsLegacyTls ? 'a TLS 1.0/1.1 handshake succeeded' : 'TLS 1.0/1.1 refused',
        fix: 'Disable TLS 1.0 and 1.1 (deprecated by RFC 8996).',
        problem: 'Deprecated TLS versions accepted',
        findingId: 'tls-legacy-enabled',
      });
    if (leaf) {
      const weakKey = /^RSA (\d+)/.exec(leaf.publicKey);
      checks.push({
        id: 'tls-key',
        title: 'Key of adequate strength',
        status: weakKey && Number(weakKey[1]) < 2048 ? 'fail' : 'pass',
        weight: 5,
        severity: 'high',
        evidence: leaf.publicKey,
        fix: 'Use an RSA key of at least 2048 bits or an ECDSA P-256 key.',
        problem: 'Weak certificate key',
        findingId: 'tls-weak-key',
      });
    }
    return {
      host: t.host,
      port: t.port,
      address: t.address,
      protocol: t.protocol,
      cipher: t.cipher,
      alpnProtocol: t.alpnProtocol,
      trusted: t.authorized,
      authorizationError: t.authorizationError,
      hostnameMatches: t.hostnameMatches,
      daysRemaining: days,
      acceptsLegacyTls: t.acceptsLegacyTls,
      certificate: leaf,
      chain: t.chain,
      handshakeMs: t.handshakeMs,
      ...buildAudit(checks),
    };
  },
});
