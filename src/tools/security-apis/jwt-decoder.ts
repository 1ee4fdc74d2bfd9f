import { z } from 'zod';
import { defineTool } from '../../registry/define-tool.ts';
import { type Finding, findingsField, scoreBreakdownField, scoreField, scoreFromFindings, sortFindings } from './audit.ts';
import {
  claimSchema,
  type DecodedToken,
  decodeToken,
  describeNumericDate,
  explainClaims,
  type JsonObject,
  numericDate,
  timingOf,
  timingSchema,
  type Timing,
  tokenField,
  JWT_IO_EXAMPLE,
  RFC7515_A1_EXAMPLE,
  UNSECURED_EXAMPLE,
} from './jwt.ts';

/** Longest lifetime (exp − iat) not flagged: a day. Access tokens are meant to live minutes to hours. */
const LONG_LIFETIME_SECONDS = 24 * 3600;
/** Claim names that suggest secrets or sensitive personal data (whole names for short words, so "classname" is not "ssn"). */
const SENSITIVE_CLAIM = /^(pass|pwd|pin|cvv|cvc|ssn)$|passw(or)?d|secret|private.?key|api.?key|social.?security|credit.?card|card.?number/i;
const NOT_VERIFIED =
  'Decoded only: the signature was NOT verified, so nothing here can be trusted yet. Use jwt-signature-verifier with the secret or public key.';

export default defineTool({
  module: 'security-apis',
  slug: 'jwt-decoder',
  cpu: 'large-input',
  title: 'JWT decoder',
  description:
    'Decodes a JSON Web Token without verifying it: the header, the payload (claims), each registered and common ' +
    'OpenID Connect claim explained, time claims (exp, nbf, iat) as dates and checked against the current time ' +
    '(expired, not yet valid, issued in the future, lifetime), and a security review with a score and findings: ' +
    'alg "none", no expiry, expired or long-lived tokens, key URLs or embedded keys in the header (jku, x5u, jwk), ' +
    'suspicious kid values, and sensitive data in the payload (which is only encoded, not encrypted). Encrypted ' +
    'tokens (JWE) show their header only. The signature is NOT verified: use jwt-signature-verifier for that.',
  keywords: ['jwt', 'decode jwt', 'json web token', 'jwt parser', 'claims', 'bearer token', 'id token', 'access token', 'exp'],
  input: () => z.object({ token: tokenField }),
  output: () =>
    z.object({
      form: z.enum(['JWS', 'JWE']).describe('JWS: signed (or unsecured) token with readable claims; JWE: encrypted token'),
      algorithm: z.string().nullable().describe('The "alg" header'),
      header: z.record(z.string(), z.unknown()).describe('The decoded header'),
      payload: z.record(z.string(), z.unknown()).nullable().describe('The decoded claims (null for JWE or a non-JSON payload)'),
      payloadText: z.string().nullable().describe('The payload as text when it is not a JSON object'),
      claims: z.array(claimSchema).describe('Each claim with what it means'),
      timing: timingSchema,
      signature: z.object({
        present: z.boolean().describe('False for an unsecured (alg none) or encrypted token'),
        bytes: z.number().int().describe('Length of the signature in bytes'),
        verified: z.literal(false).describe('Always false: this tool does not verify'),
      }),
      score: scoreField,
      scoreBreakdown: scoreBreakdownField,
      findings: findingsField,
      note: z.string().describe('Reminder that nothing was verified'),
    }),
  examples: [
    {
      title: 'RFC 7515 Appendix A.1 example (HS256, expired in 2011)',
      reference: 'RFC 7515 Appendix A.1',
      input: { token: RFC7515_A1_EXAMPLE.token },
      output: {
        form: 'JWS',
        algorithm: 'HS256',
        header: RFC7515_A1_EXAMPLE.header,
        payload: RFC7515_A1_EXAMPLE.payload,
        payloadText: null,
        claims: [
          { name: 'iss', value: 'joe', meaning: 'Issuer: who created and signed the token (RFC 7519)', time: null },
          {
            name: 'exp',
            value: 1300819380,
            meaning: 'Expiration time: the token must not be accepted at or after this time (RFC 7519)',
            time: '2011-03-22T18:43:00.000Z',
          },
          { name: 'http://example.com/is_root', value: true, meaning: null, time: null },
        ],
        timing: RFC7515_A1_EXAMPLE.timing,
        signature: { present: true, bytes: 32, verified: false },
        score: 90,
        scoreBreakdown: { start: 100, high: 0, medium: -10, low: 0, info: 0 },
        findings: [
          {
            id: 'exp:expired',
            severity: 'medium',
            title: 'The token has expired',
            evidence: 'exp = 1300819380 (2011-03-22T18:43:00.000Z) is in the past.',
            fix: 'Get a new token; verifiers must reject this one.',
          },
          {
            id: 'alg:symmetric',
            severity: 'info',
            title: 'Signed with a shared secret (HS256)',
            evidence: 'alg = HS256',
            fix: 'Fine when issuer and verifier are the same party; when several services verify, prefer RS256/ES256/EdDSA so verifiers cannot mint tokens.',
          },
          { id: 'signature:not-verified', severity: 'info', title: 'Signature not verified', evidence: 'This tool only decodes.', fix: NOT_VERIFIED },
        ],
        note: NOT_VERIFIED,
      },
    },
    {
      title: 'an unsecured token (alg "none") is flagged',
      input: { token: UNSECURED_EXAMPLE.token },
      output: {
        form: 'JWS',
        algorithm: 'none',
        header: UNSECURED_EXAMPLE.header,
        payload: UNSECURED_EXAMPLE.payload,
        payloadText: null,
        claims: [
          { name: 'sub', value: 'user-1', meaning: 'Subject: whom the token is about, usually a user id (RFC 7519)', time: null },
          { name: 'admin', value: true, meaning: null, time: null },
          {
            name: 'exp',
            value: 4102444800,
            meaning: 'Expiration time: the token must not be accepted at or after this time (RFC 7519)',
            time: '2100-01-01T00:00:00.000Z',
          },
        ],
        timing: UNSECURED_EXAMPLE.timing,
        signature: { present: false, bytes: 0, verified: false },
        score: 75,
        scoreBreakdown: { start: 100, high: -25, medium: 0, low: 0, info: 0 },
        findings: [
          {
            id: 'alg:none',
            severity: 'high',
            title: 'Unsecured token: alg is "none"',
            evidence: 'alg = none and the signature part is empty.',
            fix: 'Anyone can forge this token. Sign tokens (RS256, ES256, EdDSA or HS256) and make verifiers reject alg "none".',
          },
          { id: 'signature:not-verified', severity: 'info', title: 'Signature not verified', evidence: 'This tool only decodes.', fix: NOT_VERIFIED },
        ],
        note: NOT_VERIFIED,
      },
    },
    {
      title: 'jwt.io sample token (no expiry)',
      input: { token: `Bearer ${JWT_IO_EXAMPLE.token}` },
      output: {
        form: 'JWS',
        algorithm: 'HS256',
        header: JWT_IO_EXAMPLE.header,
        payload: JWT_IO_EXAMPLE.payload,
        payloadText: null,
        claims: [
          { name: 'sub', value: '1234567890', meaning: 'Subject: whom the token is about, usually a user id (RFC 7519)', time: null },
          { name: 'name', value: 'John Doe', meaning: 'Full name (OpenID Connect)', time: null },
          { name: 'iat', value: 1516239022, meaning: 'Issued at: when the token was created (RFC 7519)', time: '2018-01-18T01:30:22.000Z' },
        ],
        timing: JWT_IO_EXAMPLE.timing,
        signature: { present: true, bytes: 32, verified: false },
        score: 90,
        scoreBreakdown: { start: 100, high: 0, medium: -10, low: 0, info: 0 },
        findings: [
          {
            id: 'exp:missing',
            severity: 'medium',
            title: 'The token never expires (no exp claim)',
            evidence: 'No exp claim.',
            fix: 'Give tokens a short lifetime with exp (minutes to hours for access tokens) so a leaked token stops working.',
          },
          {
            id: 'alg:symmetric',
            severity: 'info',
            title: 'Signed with a shared secret (HS256)',
            evidence: 'alg = HS256',
            fix: 'Fine when issuer and verifier are the same party; when several services verify, prefer RS256/ES256/EdDSA so verifiers cannot mint tokens.',
          },
          {
            id: 'signature:not-verified',
            severity: 'info',
            title: 'Signature not verified',
            evidence: 'This tool only decodes.',
            fix: 'Decoded only: the signature was NOT verified, so nothing here can be trusted yet. Use jwt-signature-verifier with the secret or public key.',
          },
        ],
        note: 'Decoded only: the signature was NOT verified, so nothing here can be trusted yet. Use jwt-signature-verifier with the secret or public key.',
      },
    },
  ],
  run: ({ token }, ctx) => {
    const decoded = decodeToken(token);
    const timing = timingOf(decoded.payload, ctx.now());
    const algorithm = typeof decoded.header.alg === 'string' ? decoded.header.alg : null;
    const list = sortFindings(findings(decoded, algorithm, timing));
    return {
      form: decoded.form,
      algorithm,
      header: decoded.header,
      payload: decoded.payload,
      payloadText: decoded.payloadText,
      claims: decoded.payload ? explainClaims(decoded.payload) : [],
      timing,
      signature: { present: decoded.signatureBytes > 0, bytes: decoded.signatureBytes, verified: false as const },
      ...scoreFromFindings(list),
      findings: list,
      note: NOT_VERIFIED,
    };
  },
});

function findings(token: DecodedToken, algorithm: string | null, timing: Timing): Finding[] {
  const list: Finding[] = [];
  const { header, payload } = token;
  if (algorithm === null) {
    list.push({
      id: 'alg:missing',
      severity: 'high',
      title: 'The header has no "alg"',
      evidence: `Header keys: ${Object.keys(header).join(', ') || '(none)'}.`,
      fix: 'Every JWS and JWE header must name its algorithm (RFC 7515 §4.1.1); verifiers must reject this token.',
    });
  } else if (algorithm.toLowerCase() === 'none') {
    list.push({
      id: 'alg:none',
      severity: 'high',
      title: 'Unsecured token: alg is "none"',
      evidence: `alg = ${algorithm} and the signature part is ${token.signatureBytes === 0 ? 'empty' : `${token.signatureBytes} bytes`}.`,
      fix: 'Anyone can forge this token. Sign tokens (RS256, ES256, EdDSA or HS256) and make verifiers reject alg "none".',
    });
  } else if (/^HS\d+$/.test(algorithm)) {
    list.push({
      id: 'alg:symmetric',
      severity: 'info',
      title: `Signed with a shared secret (${algorithm})`,
      evidence: `alg = ${algorithm}`,
      fix: 'Fine when issuer and verifier are the same party; when several services verify, prefer RS256/ES256/EdDSA so verifiers cannot mint tokens.',
    });
  }
  for (const [param, title] of [
    ['jku', 'The header points to a key set URL (jku)'],
    ['x5u', 'The header points to a certificate URL (x5u)'],
  ] as const) {
    if (param in header) {
      list.push({
        id: `header:${param}`,
        severity: 'medium',
        title,
        evidence: `${param} = ${String(header[param]).slice(0, 200)}`,
        fix: `A verifier that fetches keys from ${param} lets an attacker supply their own key. Only use keys from a pinned, allow-listed location.`,
      });
    }
  }
  if ('jwk' in header) {
    list.push({
      id: 'header:jwk',
      severity: 'medium',
      title: 'The header embeds its own public key (jwk)',
      evidence: 'jwk header parameter present.',
      fix: "Never verify with a key taken from the token itself (CVE-2018-0114 style forgery); use the issuer's known keys.",
    });
  }
  if (typeof header.kid === 'string' && /\.\.|[/\\'";|`$]|\0/.test(header.kid)) {
    list.push({
      id: 'header:kid-suspicious',
      severity: 'medium',
      title: 'The key id (kid) contains path or injection characters',
      evidence: `kid = ${header.kid.slice(0, 200)}`,
      fix: 'Treat kid as an opaque lookup key in an allow-list; never use it in file paths, SQL or shell commands.',
    });
  }
  if (token.form === 'JWE') {
    list.push({
      id: 'form:jwe',
      severity: 'info',
      title: 'Encrypted token (JWE): the claims cannot be read without the key',
      evidence: `alg = ${algorithm ?? '?'}, enc = ${String(header.enc ?? '?')}`,
      fix: 'Decrypt it with the recipient key to see the claims.',
    });
  } else if (payload === null) {
    list.push({
      id: 'payload:not-json',
      severity: 'low',
      title: 'The payload is not a JSON object, so this is a JWS but not a JWT',
      evidence: `${token.payloadText?.length ?? 0} characters of non-JSON payload.`,
      fix: 'A JWT payload must be a JSON object of claims (RFC 7519 §7.2).',
    });
  } else {
    list.push(...claimFindings(payload, timing));
  }
  list.push({ id: 'signature:not-verified', severity: 'info', title: 'Signature not verified', evidence: 'This tool only decodes.', fix: NOT_VERIFIED });
  return list;
}

function claimFindings(payload: JsonObject, timing: Timing): Finding[] {
  const list: Finding[] = [];
  for (const claim of ['exp', 'nbf', 'iat'] as const) {
    if (claim in payload && numericDate(payload[claim]) === null) {
      list.push({
        id: `${claim}:invalid`,
        severity: 'medium',
        title: `${claim} is not a NumericDate`,
        evidence: `${claim} = ${JSON.stringify(payload[claim]).slice(0, 100)}`,
        fix: `${claim} must be a number of seconds since 1970-01-01 UTC (RFC 7519 §2); many libraries ignore or reject other values.`,
      });
    }
  }
  if (timing.expiresAt === null && !('exp' in payload)) {
    list.push({
      id: 'exp:missing',
      severity: 'medium',
      title: 'The token never expires (no exp claim)',
      evidence: 'No exp claim.',
      fix: 'Give tokens a short lifetime with exp (minutes to hours for access tokens) so a leaked token stops working.',
    });
  }
  if (timing.expired) {
    list.push({
      id: 'exp:expired',
      severity: 'medium',
      title: 'The token has expired',
      evidence: `exp = ${String(payload.exp)} (${describeNumericDate(payload.exp as number)}) is in the past.`,
      fix: 'Get a new token; verifiers must reject this one.',
    });
  }
  if (timing.notYetValid) {
    list.push({
      id: 'nbf:future',
      severity: 'medium',
      title: 'The token is not valid yet',
      evidence: `nbf = ${String(payload.nbf)} (${describeNumericDate(payload.nbf as number)}) is in the future.`,
      fix: "Verifiers reject it until then; check the issuer's clock if this is unexpected.",
    });
  }
  if (timing.issuedInFuture) {
    list.push({
      id: 'iat:future',
      severity: 'low',
      title: 'Issued in the future (iat after now)',
      evidence: `iat = ${String(payload.iat)} (${describeNumericDate(payload.iat as number)}).`,
      fix: "The issuer's clock is probably ahead; keep server clocks synchronised (NTP).",
    });
  }
  if (timing.lifetimeSeconds !== null && timing.lifetimeSeconds > LONG_LIFETIME_SECONDS) {
    list.push({
      id: 'exp:long-lifetime',
      severity: 'low',
      title: 'Long-lived token',
      evidence: `exp − iat = ${timing.lifetimeSeconds} s (${(timing.lifetimeSeconds / 86400).toFixed(1)} days).`,
      fix: 'Keep access tokens short-lived (minutes to hours) and use refresh tokens for long sessions.',
    });
  }
  const sensitive = Object.keys(payload).filter((key) => SENSITIVE_CLAIM.test(key));
  if (sensitive.length > 0) {
    list.push({
      id: 'payload:sensitive-data',
      severity: 'high',
      title: 'The payload seems to carry secrets or personal data',
      evidence: `Claims: ${sensitive.join(', ')}`,
      fix: 'A JWS payload is only base64url-encoded: anyone holding the token can read it. Keep secrets out of tokens (or use JWE).',
    });
  }
  return list;
}
