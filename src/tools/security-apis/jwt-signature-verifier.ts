import { withThousands } from '../../lib/digits.ts';
import { createPublicKey, type JsonWebKey, type KeyObject } from 'node:crypto';
import type * as Jose from 'jose';
import { z } from 'zod';
import { invalidField } from '../../core/errors.ts';
import type { ToolContext } from '../../core/context.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { decodeBytes, INPUT_ENCODINGS } from './bytes.ts';
import {
  type DecodedToken,
  decodeToken,
  describeNumericDate,
  type Json,
  numericDate,
  timingOf,
  timingSchema,
  tokenField,
  JWT_IO_EXAMPLE,
  RFC7515_A1_EXAMPLE,
  UNSECURED_EXAMPLE,
} from './jwt.ts';
import { lazy } from '../../lib/lazy.ts';

const jose = lazy<typeof Jose>('jose');

const JWS_ALGORITHMS = [
  'HS256',
  'HS384',
  'HS512',
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
  'Ed25519',
] as const;
type JwsAlgorithm = (typeof JWS_ALGORITHMS)[number];
const HMAC_BITS: Partial<Record<JwsAlgorithm, number>> = { HS256: 256, HS384: 384, HS512: 512 };
const EC_ALGORITHM: Record<string, JwsAlgorithm> = { prime256v1: 'ES256', secp384r1: 'ES384', secp521r1: 'ES512' };
const CURVE_NAMES: Record<string, string> = { prime256v1: 'P-256', secp384r1: 'P-384', secp521r1: 'P-521' };
const MAX_KEY_CHARS = 200_000;
const MAX_JWKS_KEYS = 100;

const REASONS = [
  'alg_none',
  'algorithm_not_allowed',
  'no_matching_key',
  'key_unusable',
  'signature_invalid',
  'unsupported',
  'malformed',
  'expired',
  'not_yet_valid',
  'issued_in_future',
  'token_too_old',
  'audience_mismatch',
  'issuer_mismatch',
  'subject_mismatch',
  'missing_claim',
] as const;
type Reason = (typeof REASONS)[number];

const CHECK_STATUS = ['pass', 'fail', 'warn', 'skipped'] as const;
const checkSchema = z.object({
  check: z.string().describe('algorithm, key, signature, exp, nbf, iat, maxAge, aud, iss, sub or requiredClaims'),
  status: z.enum(CHECK_STATUS).describe('pass, fail (the token must be rejected), warn (accepted but worth a look) or skipped (nothing to check)'),
  detail: z.string().describe('What was compared'),
});
type Check = z.infer<typeof checkSchema>;

const keySchema = z.object({
  source: z.enum(['secret', 'pem', 'certificate', 'jwk', 'jwks']).describe('Where the key came from'),
  type: z.string().describe('oct (shared secret), rsa, rsa-pss, ec, ed25519…'),
  bits: z.number().int().nullable().describe('Key size in bits (RSA modulus, secret length, EC curve size)'),
  curve: z.string().nullable().describe('EC curve (P-256, P-384, P-521) or null'),
  kid: z.string().nullable().describe('The "kid" of the JWK used, if it has one'),
  allowedAlgorithms: z.array(z.string()).describe('The algorithms this key may verify (after `algorithms`, if given)'),
});
type KeyInfo = z.infer<typeof keySchema>;

const stringOrList = (what: string) =>
  z
    .union([z.string().min(1).max(2000), z.array(z.string().min(1).max(2000)).min(1).max(50)])
    .optional()
    .describe(what);

const inputSchema = z.object({
  token: tokenField,
  secret: z
    .string()
    .min(1, 'must not be empty')
    .max(10_000, 'at most 10,000 characters')
    .optional()
    .describe('For HS256/384/512: the shared secret (never echoed or logged). Give `secret` or `publicKey`'),
  secretEncoding: z
    .enum(INPUT_ENCODINGS)
    .default('utf8')
    .describe('How `secret` is written: utf8 (plain text, default), hex, base64 or base64url (e.g. the "k" of an oct JWK)'),
  publicKey: z
    .union([
      z
        .string()
        .min(1, 'must not be empty')
        .max(MAX_KEY_CHARS, `at most ${withThousands(MAX_KEY_CHARS)} characters`),
      z.record(z.string(), z.unknown()),
    ])
    .optional()
    .describe(
      'For RS*/PS*/ES*/EdDSA: the public key as PEM (SPKI "BEGIN PUBLIC KEY", PKCS#1 "BEGIN RSA PUBLIC KEY" or an X.509 certificate), ' +
        'a JWK, or a JWK Set {"keys": […]} from which the key is picked by kid and algorithm (JSON text or object)',
    ),
  algorithms: z
    .array(z.enum(JWS_ALGORITHMS))
    .min(1, 'at least one algorithm')
    .max(JWS_ALGORITHMS.length)
    .optional()
    .describe('Algorithms you accept (default: those the key is made for). "none" is always refused'),
  audience: stringOrList("Expected audience: the token's aud must contain this value (or one of these)"),
  issuer: stringOrList("Expected issuer: the token's iss must equal this value (or one of these)"),
  subject: z.string().min(1).max(2000).optional().describe("Expected subject: the token's sub must equal it"),
  clockToleranceSeconds: z
    .number()
    .int('whole seconds')
    .min(0, 'at least 0')
    .max(86_400, 'at most 86,400 (a day)')
    .default(0)
    .describe('Clock skew forgiven on exp, nbf and iat, in seconds (default 0; 30–60 is common)'),
  maxTokenAgeSeconds: z
    .number()
    .int('whole seconds')
    .min(1, 'at least 1')
    .max(10 * 366 * 86_400, 'at most 10 years')
    .optional()
    .describe('Refuse tokens issued (iat) longer ago than this; requires iat'),
  requiredClaims: z.array(z.string().min(1).max(200)).max(50, 'at most 50 claims').optional().describe('Claims that must be present, e.g. ["exp", "sub"]'),
});
type Input = z.infer<typeof inputSchema>;

const outputSchema = z.object({
  valid: z.boolean().describe('True only when the algorithm is allowed, the signature verifies and every claim check passes'),
  reason: z.enum(REASONS).nullable().describe('The first reason to reject the token; null when valid'),
  detail: z.string().describe('The verdict in words'),
  algorithm: z.string().nullable().describe('The "alg" of the token header'),
  signatureValid: z
    .boolean()
    .nullable()
    .describe('Whether the signature verifies with the key; null when it was not tried (alg none, disallowed algorithm, no key)'),
  header: z.record(z.string(), z.unknown()).describe('The decoded header'),
  payload: z.record(z.string(), z.unknown()).nullable().describe('The decoded claims (trust them only when valid is true)'),
  key: keySchema.nullable().describe('The key used (never the secret itself)'),
  checks: z.array(checkSchema).describe('Each check with its outcome, in the order a verifier applies them'),
  timing: timingSchema,
});
type Output = z.infer<typeof outputSchema>;

const RFC7515_A1_KEY = 'AyM1SysPpbyDfgZld3umj1qzKObwVMkoqQ-EstJQLr_T-1qS0gZH75aKtMN3Yj0iPS4hcgUuTwjAzZr1Z9CAow';
const RFC7515_A2 =
  'eyJhbGciOiJSUzI1NiJ9.eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ.' +
  'cC4hiUPoj9Eetdgtv3hF80EGrhuB__dzERat0XF9g2VtQgr9PJbu3XOiZj5RZmh7AAuHIm4Bh-0Qc_lF5YKt_O8W2Fp5jujGbds9uJdbF9CUAr7t1dnZcAcQjbKBYNX4BAynRFdiuB--f_nZLgrnbyTyWzO75vRK5h6xBArLIARNPvkSjtQBMHlb1L07Qe7K0GarZRmB_eSN9383LcOLn6_dO--xi12jzDwusC-eOkHWEsqtFZESc6BfI7noOPqvhJ1phCnvWh6IeYI2w9QOYEUipUTI8np6LbgGY9Fs98rqVt5AXLIhWkWywlVmtVrBp0igcN_IoypGlUPQGe77Rw';
const RFC7515_A2_JWK = {
  kty: 'RSA',
  n: 'ofgWCuLjybRlzo0tZWJjNiuSfb4p4fAkd_wWJcyQoTbji9k0l8W26mPddxHmfHQp-Vaw-4qPCJrcS2mJPMEzP1Pt0Bm4d4QlL-yRT-SFd2lZS-pCgNMsD1W_YpRPEwOWvG6b32690r2jZ47soMZo9wGzjb_7OMg0LOL-bSf63kpaSHSXndS5z5rexMdbBYUsLA9e-KXBdQOS-UTo7WTBEMa2R2CapHg665xsmtdVMTBQY4uDZlxvb3qCo5ZwKh9kG4LT6_I5IhlJH7aGhyxXFvUK-DWNmoudF8NAco9_h9iaGNj8q2ethFkMLs91kzk2PAcDTW9gb54h4FRWyuXpoQ',
  e: 'AQAB',
};
/** The jwt.io sample token's claim checks (it has no exp, nbf, aud or iss). */
const JWT_IO_CLAIM_CHECKS: Check[] = [
  { check: 'exp', status: 'warn', detail: 'No exp claim: the token never expires.' },
  { check: 'nbf', status: 'skipped', detail: 'No nbf claim.' },
  { check: 'iat', status: 'pass', detail: 'Issued at 2018-01-18T01:30:22.000Z.' },
  { check: 'aud', status: 'skipped', detail: 'No aud claim and no expected audience.' },
  { check: 'iss', status: 'skipped', detail: 'No iss claim and no expected issuer.' },
  { check: 'sub', status: 'pass', detail: 'sub is "1234567890" (no expected subject given).' },
];
const RFC_CLAIM_CHECKS = (issuer: string): Check[] => [
  { check: 'exp', status: 'fail', detail: 'exp 2011-03-22T18:43:00.000Z is in the past: the token has expired.' },
  { check: 'nbf', status: 'skipped', detail: 'No nbf claim.' },
  { check: 'iat', status: 'skipped', detail: 'No iat claim.' },
  { check: 'aud', status: 'skipped', detail: 'No aud claim and no expected audience.' },
  { check: 'iss', status: 'warn', detail: `iss is "${issuer}"; pass \`issuer\` to check it.` },
  { check: 'sub', status: 'skipped', detail: 'No sub claim and no expected subject.' },
];

export default defineTool({
  module: 'security-apis',
  slug: 'jwt-signature-verifier',
  cpu: 'large-input',
  title: 'JWT signature verifier',
  description:
    'Verifies a JSON Web Token the way an API should before trusting it: checks the signature with a shared secret ' +
    '(HS256/384/512) or a public key (RS256/384/512, PS256/384/512, ES256/384/512, EdDSA/Ed25519) given as PEM, X.509 ' +
    'certificate, JWK or JWK Set (the key is picked by kid), then the claims against the current time and your ' +
    'expectations: exp, nbf, iat (with `clockToleranceSeconds` and `maxTokenAgeSeconds`), aud, iss, sub and ' +
    '`requiredClaims`. Unsecured tokens (alg "none") are always refused, and only algorithms the key is made for are ' +
    'accepted (no HS256-with-an-RSA-public-key confusion); restrict further with `algorithms`. The result says ' +
    'whether the token is valid, the first reason if not, each check with its outcome, the decoded header and ' +
    'claims, and the key used. Signatures are checked by the jose library. Secrets are never echoed or logged. ' +
    'To read a token without a key use jwt-decoder; to make one, developer-apis/jwt-generator.',
  keywords: ['jwt', 'verify jwt', 'jwt signature', 'jws', 'jwks', 'hs256', 'rs256', 'es256', 'eddsa', 'token validation', 'exp', 'audience'],
  input: () => inputSchema,
  output: () => outputSchema,
  examples: [
    {
      title: 'jwt.io sample token with its secret: valid',
      input: { token: JWT_IO_EXAMPLE.token, secret: 'your-256-bit-secret' },
      output: {
        valid: true,
        reason: null,
        detail: 'The HS256 signature is valid and every claim check passed.',
        algorithm: 'HS256',
        signatureValid: true,
        header: JWT_IO_EXAMPLE.header,
        payload: JWT_IO_EXAMPLE.payload,
        key: { source: 'secret', type: 'oct', bits: 152, curve: null, kid: null, allowedAlgorithms: ['HS256', 'HS384', 'HS512'] },
        checks: [
          { check: 'algorithm', status: 'pass', detail: 'HS256 is allowed for this key (HS256, HS384, HS512).' },
          {
            check: 'key',
            status: 'warn',
            detail: 'The secret is 152 bits; RFC 7518 §3.2 requires at least 256 bits for HS256. Short secrets can be brute-forced offline from any token.',
          },
          { check: 'signature', status: 'pass', detail: 'The HS256 signature verifies with the key.' },
          ...JWT_IO_CLAIM_CHECKS,
        ],
        timing: JWT_IO_EXAMPLE.timing,
      },
    },
    {
      title: 'RFC 7515 Appendix A.1 (HS256, key as base64url): the signature is valid but the token expired in 2011',
      reference: 'RFC 7515 Appendix A.1',
      input: { token: RFC7515_A1_EXAMPLE.token, secret: RFC7515_A1_KEY, secretEncoding: 'base64url' },
      output: {
        valid: false,
        reason: 'expired',
        detail: 'The HS256 signature is valid, but exp 2011-03-22T18:43:00.000Z is in the past: the token has expired.',
        algorithm: 'HS256',
        signatureValid: true,
        header: RFC7515_A1_EXAMPLE.header,
        payload: RFC7515_A1_EXAMPLE.payload,
        key: { source: 'secret', type: 'oct', bits: 512, curve: null, kid: null, allowedAlgorithms: ['HS256', 'HS384', 'HS512'] },
        checks: [
          { check: 'algorithm', status: 'pass', detail: 'HS256 is allowed for this key (HS256, HS384, HS512).' },
          { check: 'key', status: 'pass', detail: 'The secret is 512 bits (HS256 needs at least 256).' },
          { check: 'signature', status: 'pass', detail: 'The HS256 signature verifies with the key.' },
          ...RFC_CLAIM_CHECKS('joe'),
        ],
        timing: RFC7515_A1_EXAMPLE.timing,
      },
    },
    {
      title: 'RFC 7515 Appendix A.2 (RS256) with its public JWK',
      reference: 'RFC 7515 Appendix A.2',
      input: { token: RFC7515_A2, publicKey: RFC7515_A2_JWK, algorithms: ['RS256'] },
      output: {
        valid: false,
        reason: 'expired',
        detail: 'The RS256 signature is valid, but exp 2011-03-22T18:43:00.000Z is in the past: the token has expired.',
        algorithm: 'RS256',
        signatureValid: true,
        header: { alg: 'RS256' },
        payload: RFC7515_A1_EXAMPLE.payload,
        key: { source: 'jwk', type: 'rsa', bits: 2048, curve: null, kid: null, allowedAlgorithms: ['RS256'] },
        checks: [
          { check: 'algorithm', status: 'pass', detail: 'RS256 is allowed for this key (RS256).' },
          { check: 'key', status: 'pass', detail: 'RSA key of 2048 bits.' },
          { check: 'signature', status: 'pass', detail: 'The RS256 signature verifies with the key.' },
          ...RFC_CLAIM_CHECKS('joe'),
        ],
        timing: RFC7515_A1_EXAMPLE.timing,
      },
    },
    {
      title: 'a wrong secret: the signature does not verify',
      input: { token: JWT_IO_EXAMPLE.token, secret: 'not-the-secret-used-to-sign-this-token' },
      output: {
        valid: false,
        reason: 'signature_invalid',
        detail: 'The HS256 signature does not verify: wrong secret (check secretEncoding too), or the token was altered. The claims cannot be trusted.',
        algorithm: 'HS256',
        signatureValid: false,
        header: JWT_IO_EXAMPLE.header,
        payload: JWT_IO_EXAMPLE.payload,
        key: { source: 'secret', type: 'oct', bits: 304, curve: null, kid: null, allowedAlgorithms: ['HS256', 'HS384', 'HS512'] },
        checks: [
          { check: 'algorithm', status: 'pass', detail: 'HS256 is allowed for this key (HS256, HS384, HS512).' },
          { check: 'key', status: 'pass', detail: 'The secret is 304 bits (HS256 needs at least 256).' },
          {
            check: 'signature',
            status: 'fail',
            detail: 'The HS256 signature does not verify: wrong secret (check secretEncoding too), or the token was altered.',
          },
          ...JWT_IO_CLAIM_CHECKS,
        ],
        timing: JWT_IO_EXAMPLE.timing,
      },
    },
    {
      title: 'an unsecured token (alg "none") is refused',
      input: {
        token: UNSECURED_EXAMPLE.token,
        secret: 'any-secret-at-all-32-bytes-long!!',
      },
      output: {
        valid: false,
        reason: 'alg_none',
        detail: 'alg "none" means the token is unsigned: anyone can forge it. It is always refused.',
        algorithm: 'none',
        signatureValid: null,
        header: UNSECURED_EXAMPLE.header,
        payload: UNSECURED_EXAMPLE.payload,
        key: { source: 'secret', type: 'oct', bits: 264, curve: null, kid: null, allowedAlgorithms: [] },
        checks: [{ check: 'algorithm', status: 'fail', detail: 'alg "none" means the token is unsigned: anyone can forge it. It is always refused.' }],
        timing: UNSECURED_EXAMPLE.timing,
      },
    },
  ],
  run: (input, ctx) => verify(input, ctx),
});

interface ResolvedKey {
  candidates: { key: KeyObject | Uint8Array; kid: string | null }[];
  info: Omit<KeyInfo, 'allowedAlgorithms' | 'kid'>;
  family: JwsAlgorithm[];
}

async function verify(input: Input, ctx: ToolContext): Promise<Output> {
  const token = decodeToken(input.token);
  if (token.form === 'JWE') throw invalidField('token', 'this is an encrypted token (JWE, 5 parts); this tool verifies signed tokens (JWS, 3 parts)');
  if (input.secret !== undefined && input.publicKey !== undefined)
    throw invalidField('secret', 'give either secret (HS*) or publicKey (RS*/PS*/ES*/EdDSA), not both');
  if (input.secret === undefined && input.publicKey === undefined)
    throw invalidField('secret', 'required: give secret (for HS256/384/512) or publicKey (PEM, JWK or JWKS)');

  const alg = typeof token.header.alg === 'string' ? token.header.alg : null;
  const checks: Check[] = [];
  const now = ctx.now();
  const nowSeconds = now.getTime() / 1000;
  const timing = timingOf(token.payload, now, input.clockToleranceSeconds);
  const base = { algorithm: alg, header: token.header, payload: token.payload, timing };

  if (alg === null || alg.toLowerCase() === 'none') {
    const noneDetail =
      alg === null
        ? 'The header has no "alg": the token cannot be verified and must be rejected.'
        : 'alg "none" means the token is unsigned: anyone can forge it. It is always refused.';
    checks.push({ check: 'algorithm', status: 'fail', detail: noneDetail });
    const key = await resolveKey(input, token, ctx).catch(() => null);
    return {
      ...base,
      valid: false,
      reason: alg === null ? 'malformed' : 'alg_none',
      detail: noneDetail,
      signatureValid: null,
      key: key ? keyInfo(key, null, []) : null,
      checks,
    };
  }

  const resolved = await resolveKey(input, token, ctx);
  const allowed = resolved.family.filter((a) => input.algorithms === undefined || input.algorithms.includes(a));
  if (!(allowed as string[]).includes(alg)) {
    const why = !(JWS_ALGORITHMS as readonly string[]).includes(alg)
      ? `alg "${alg}" is not a supported JWS signature algorithm.`
      : (resolved.family as string[]).includes(alg)
        ? `alg ${alg} is not in the accepted algorithms (${(input.algorithms ?? []).join(', ')}).`
        : `alg ${alg} does not fit this ${describeKey(resolved.info)} (it verifies ${resolved.family.join(', ')})` +
          (alg.startsWith('HS') && resolved.info.type !== 'oct' ? ': an HS token checked with a public key is the classic algorithm-confusion forgery.' : '.');
    checks.push({ check: 'algorithm', status: 'fail', detail: why });
    return { ...base, valid: false, reason: 'algorithm_not_allowed', detail: why, signatureValid: null, key: keyInfo(resolved, null, allowed), checks };
  }
  const algorithm = alg as JwsAlgorithm;
  checks.push({ check: 'algorithm', status: 'pass', detail: `${algorithm} is allowed for this key (${allowed.join(', ')}).` });
  checks.push(keyStrength(resolved.info, algorithm));

  const candidates = resolved.candidates;
  if (candidates.length === 0) {
    const kid = typeof token.header.kid === 'string' ? token.header.kid : null;
    const detail = `No key in the JWK Set fits this token (${kid === null ? 'no kid in the header' : `kid "${kid.slice(0, 100)}"`}, alg ${algorithm}).`;
    checks.push({ check: 'signature', status: 'fail', detail });
    return { ...base, valid: false, reason: 'no_matching_key', detail, signatureValid: null, key: keyInfo(resolved, null, allowed), checks };
  }

  let signatureValid = false;
  let usedKid: string | null = candidates[0]?.kid ?? null;
  let failure: { reason: Reason; detail: string } | null = null;
  for (const candidate of candidates) {
    try {
      await jose().compactVerify(token.compact, candidate.key, { algorithms: [algorithm] });
      signatureValid = true;
      usedKid = candidate.kid;
      failure = null;
      break;
    } catch (error) {
      // With several candidate keys, a signature mismatch says more than a key that did not fit.
      if (failure === null || error instanceof jose().errors.JWSSignatureVerificationFailed) failure = explainJoseError(error, algorithm, resolved.info);
    }
  }
  if (!signatureValid) {
    const detail = failure?.detail ?? `The ${algorithm} signature does not verify with the key.`;
    checks.push({ check: 'signature', status: 'fail', detail });
    checks.push(...publicChecks(claimChecks(input, token, timing, nowSeconds)));
    return {
      ...base,
      valid: false,
      reason: failure?.reason ?? 'signature_invalid',
      detail: `${detail} The claims cannot be trusted.`,
      signatureValid: failure?.reason === 'signature_invalid' ? false : null,
      key: keyInfo(resolved, usedKid, allowed),
      checks,
    };
  }
  checks.push({
    check: 'signature',
    status: 'pass',
    detail: `The ${algorithm} signature verifies with the key${usedKid !== null && candidates.length > 1 ? ` "${usedKid}"` : ''}.`,
  });
  const claims = claimChecks(input, token, timing, nowSeconds);
  checks.push(...publicChecks(claims));
  const failed = claims.find((c) => c.status === 'fail');
  return {
    ...base,
    valid: failed === undefined,
    reason: failed ? (failed.reason ?? 'missing_claim') : null,
    detail: failed
      ? `The ${algorithm} signature is valid, but ${lowerFirst(failed.detail)}`
      : `The ${algorithm} signature is valid and every claim check passed.`,
    signatureValid: true,
    key: keyInfo(resolved, usedKid, allowed),
    checks,
  };
}

function keyInfo(resolved: ResolvedKey, kid: string | null, allowed: JwsAlgorithm[]): KeyInfo {
  return { ...resolved.info, kid, allowedAlgorithms: allowed };
}

function describeKey(info: ResolvedKey['info']): string {
  if (info.type === 'oct') return 'shared secret';
  if (info.type === 'ec') return `EC ${info.curve ?? ''} key`.replace('  ', ' ');
  return `${info.type.toUpperCase()} key`;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

// ---------------------------------------------------------------- keys

async function resolveKey(input: Input, token: DecodedToken, ctx: ToolContext): Promise<ResolvedKey> {
  if (input.secret !== undefined) {
    if (/^\s*-----BEGIN /.test(input.secret)) throw invalidField('secret', 'this looks like a PEM key: pass it as publicKey');
    const bytes = decodeBytes(input.secret, input.secretEncoding, 'secret');
    if (bytes.length === 0) throw invalidField('secret', 'decodes to zero bytes');
    return {
      candidates: [{ key: new Uint8Array(bytes), kid: null }],
      info: { source: 'secret', type: 'oct', bits: bytes.length * 8, curve: null },
      family: ['HS256', 'HS384', 'HS512'],
    };
  }
  const raw = input.publicKey;
  let parsed: unknown = raw;
  if (typeof raw === 'string') {
    const text = raw.trim();
    if (text.startsWith('{')) {
      try {
        parsed = JSON.parse(text);
      } catch {
        throw invalidField('publicKey', 'starts with "{" but is not valid JSON: send a JWK or a JWK Set');
      }
    } else {
      return fromPem(text, ctx);
    }
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw invalidField('publicKey', 'send a PEM, a JWK or a JWK Set');
  const object = parsed as Record<string, unknown>;
  if (Array.isArray(object.keys)) return fromJwks(object.keys, token, ctx);
  const single = fromJwk(object, 'publicKey', ctx);
  return { candidates: [{ key: single.key, kid: single.kid }], info: { ...single.info, source: 'jwk' }, family: single.family };
}

function fromPem(text: string, ctx: ToolContext): ResolvedKey {
  if (!text.startsWith('-----BEGIN ')) {
    throw invalidField(
      'publicKey',
      'send a PEM ("-----BEGIN PUBLIC KEY-----…", "-----BEGIN CERTIFICATE-----…"), a JWK or a JWK Set; for HS* tokens use secret',
    );
  }
  if (/PRIVATE KEY-----/.test(text))
    ctx.warn('A private key was sent: only the public part is needed to verify. Treat that private key as exposed if it was shared anywhere.');
  let key: KeyObject;
  try {
    key = createPublicKey({ key: text, format: 'pem' });
  } catch {
    throw invalidField('publicKey', 'the PEM cannot be read: send an SPKI public key, a PKCS#1 RSA public key or an X.509 certificate');
  }
  const { info, family } = describeAsymmetric(key, 'publicKey');
  return { candidates: [{ key, kid: null }], info: { ...info, source: text.startsWith('-----BEGIN CERTIFICATE') ? 'certificate' : 'pem' }, family };
}

interface OneKey {
  key: KeyObject | Uint8Array;
  kid: string | null;
  info: Omit<ResolvedKey['info'], 'source'>;
  family: JwsAlgorithm[];
}

function fromJwk(jwk: Record<string, unknown>, field: string, ctx: ToolContext): OneKey {
  const kid = typeof jwk.kid === 'string' ? jwk.kid : null;
  const declared = typeof jwk.alg === 'string' ? jwk.alg : null;
  let key: KeyObject | Uint8Array;
  let described: { info: Omit<ResolvedKey['info'], 'source'>; family: JwsAlgorithm[] };
  if (jwk.kty === 'oct') {
    if (typeof jwk.k !== 'string' || !/^[A-Za-z0-9_-]+$/.test(jwk.k)) throw invalidField(field, 'an oct JWK needs "k" in base64url');
    const bytes = Buffer.from(jwk.k, 'base64url');
    key = new Uint8Array(bytes);
    described = { info: { type: 'oct', bits: bytes.length * 8, curve: null }, family: ['HS256', 'HS384', 'HS512'] };
  } else {
    if (typeof jwk.kty !== 'string') throw invalidField(field, 'a JWK needs "kty" (RSA, EC, OKP or oct)');
    if ('d' in jwk)
      ctx.warn('The JWK holds private key material ("d"): only the public part is needed to verify. Treat that key as exposed if it was shared anywhere.');
    try {
      key = createPublicKey({ key: jwk as JsonWebKey, format: 'jwk' });
    } catch {
      throw invalidField(field, `the ${String(jwk.kty).slice(0, 20)} JWK cannot be read: check its members (RSA: n, e; EC: crv, x, y; OKP: crv, x)`);
    }
    described = describeAsymmetric(key, field);
  }
  let family = described.family;
  if (declared !== null) family = family.filter((a) => a === declared);
  return { key, kid, info: described.info, family };
}

function fromJwks(keys: unknown[], token: DecodedToken, ctx: ToolContext): ResolvedKey {
  if (keys.length === 0) throw invalidField('publicKey', 'the JWK Set has no keys');
  if (keys.length > MAX_JWKS_KEYS) throw invalidField('publicKey', `at most ${MAX_JWKS_KEYS} keys in a JWK Set`);
  const kid = typeof token.header.kid === 'string' ? token.header.kid : null;
  const alg = typeof token.header.alg === 'string' ? token.header.alg : '';
  const usable: OneKey[] = [];
  keys.forEach((entry, i) => {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) throw invalidField(`publicKey.keys.${i}`, 'each key must be a JWK object');
    const jwk = entry as Record<string, unknown>;
    if (jwk.use === 'enc') return;
    if (kid !== null && jwk.kid !== undefined && jwk.kid !== kid) return;
    usable.push(fromJwk(jwk, `publicKey.keys.${i}`, ctx));
  });
  const fitting = usable.filter((k) => (k.family as string[]).includes(alg));
  const first = fitting[0] ?? usable[0];
  const info = first ? { ...first.info, source: 'jwks' as const } : { source: 'jwks' as const, type: 'unknown', bits: null, curve: null };
  const family = [...new Set(usable.flatMap((k) => k.family))];
  return { candidates: fitting.map((k) => ({ key: k.key, kid: k.kid })), info, family: family.length > 0 ? family : [...JWS_ALGORITHMS] };
}

function describeAsymmetric(key: KeyObject, field: string): { info: Omit<ResolvedKey['info'], 'source'>; family: JwsAlgorithm[] } {
  const type = key.asymmetricKeyType ?? 'unknown';
  const details = key.asymmetricKeyDetails ?? {};
  switch (type) {
    case 'rsa':
      return { info: { type, bits: details.modulusLength ?? null, curve: null }, family: ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512'] };
    case 'rsa-pss':
      return { info: { type, bits: details.modulusLength ?? null, curve: null }, family: ['PS256', 'PS384', 'PS512'] };
    case 'ec': {
      const curve = details.namedCurve ?? '';
      const alg = EC_ALGORITHM[curve];
      if (alg === undefined)
        throw invalidField(field, `EC curve ${curve || 'unknown'} has no JWS algorithm here: use P-256 (ES256), P-384 (ES384) or P-521 (ES512)`);
      const bits = curve === 'prime256v1' ? 256 : curve === 'secp384r1' ? 384 : 521;
      return { info: { type, bits, curve: CURVE_NAMES[curve] ?? curve }, family: [alg] };
    }
    case 'ed25519':
      return { info: { type, bits: 256, curve: 'Ed25519' }, family: ['EdDSA', 'Ed25519'] };
    default:
      throw invalidField(field, `a ${type} key cannot verify JWS signatures here: use an RSA, EC (P-256/384/521) or Ed25519 key`);
  }
}

function keyStrength(info: ResolvedKey['info'], alg: JwsAlgorithm): Check {
  if (info.type === 'unknown') return { check: 'key', status: 'skipped', detail: 'No key of the JWK Set fits this token.' };
  const hmacBits = HMAC_BITS[alg];
  if (hmacBits !== undefined && info.bits !== null) {
    return info.bits < hmacBits
      ? {
          check: 'key',
          status: 'warn',
          detail: `The secret is ${info.bits} bits; RFC 7518 §3.2 requires at least ${hmacBits} bits for ${alg}. Short secrets can be brute-forced offline from any token.`,
        }
      : { check: 'key', status: 'pass', detail: `The secret is ${info.bits} bits (${alg} needs at least ${hmacBits}).` };
  }
  if (info.type === 'rsa' || info.type === 'rsa-pss') {
    return (info.bits ?? 0) < 2048
      ? { check: 'key', status: 'fail', detail: `RSA key of ${info.bits ?? '?'} bits: RFC 7518 requires at least 2048.` }
      : { check: 'key', status: 'pass', detail: `RSA key of ${info.bits} bits.` };
  }
  return { check: 'key', status: 'pass', detail: `${describeKey(info)}.` };
}

function explainJoseError(error: unknown, alg: JwsAlgorithm, info: ResolvedKey['info']): { reason: Reason; detail: string } {
  if (error instanceof jose().errors.JWSSignatureVerificationFailed) {
    return {
      reason: 'signature_invalid',
      detail:
        info.type === 'oct'
          ? `The ${alg} signature does not verify: wrong secret (check secretEncoding too), or the token was altered.`
          : `The ${alg} signature does not verify: wrong key, or the token was altered.`,
    };
  }
  if (error instanceof jose().errors.JOSENotSupported)
    return { reason: 'unsupported', detail: `The token uses a feature that is not supported: ${error.message}.` };
  if (error instanceof jose().errors.JWSInvalid) return { reason: 'malformed', detail: `The token is not a valid JWS: ${error.message}.` };
  // jose raises TypeError when the key cannot be used with the algorithm (wrong curve, RSA under 2048 bits…).
  return {
    reason: 'key_unusable',
    detail: `The key cannot verify ${alg} signatures${info.type === 'rsa' && (info.bits ?? 0) < 2048 ? ' (RSA keys must be at least 2048 bits)' : ''}.`,
  };
}

// ---------------------------------------------------------------- claims

/** A check plus, when it fails, the reason it gives the verdict. */
interface ClaimCheck extends Check {
  reason?: Reason;
}

/** ISO 8601 UTC, or where the time lies when it is beyond the dates that can be written (a NumericDate is any JSON number). */
function iso(seconds: number): string {
  return describeNumericDate(seconds);
}

function fail(check: string, reason: Reason, detail: string): ClaimCheck {
  return { check, status: 'fail', detail, reason };
}

function claimChecks(input: Input, token: DecodedToken, timing: Output['timing'], nowSeconds: number): ClaimCheck[] {
  const payload = token.payload;
  if (payload === null) return [{ check: 'claims', status: 'skipped', detail: 'The payload is not a JSON object, so it has no claims to check.' }];
  const checks: ClaimCheck[] = [];
  const tolerance = input.clockToleranceSeconds;
  const skew = tolerance > 0 ? ` (with ${tolerance} s tolerance)` : '';

  const exp = numericDate(payload.exp);
  if (!('exp' in payload)) checks.push({ check: 'exp', status: 'warn', detail: 'No exp claim: the token never expires.' });
  else if (exp === null) checks.push(fail('exp', 'malformed', 'exp is not a NumericDate (seconds since 1970).'));
  else if (timing.expired) checks.push(fail('exp', 'expired', `exp ${iso(exp)} is in the past${skew}: the token has expired.`));
  else checks.push({ check: 'exp', status: 'pass', detail: `Expires at ${iso(exp)}.` });

  const nbf = numericDate(payload.nbf);
  if (!('nbf' in payload)) checks.push({ check: 'nbf', status: 'skipped', detail: 'No nbf claim.' });
  else if (nbf === null) checks.push(fail('nbf', 'malformed', 'nbf is not a NumericDate (seconds since 1970).'));
  else if (timing.notYetValid) checks.push(fail('nbf', 'not_yet_valid', `nbf ${iso(nbf)} is in the future${skew}: the token is not valid yet.`));
  else checks.push({ check: 'nbf', status: 'pass', detail: `Valid since ${iso(nbf)}.` });

  const iat = numericDate(payload.iat);
  const maxAge = input.maxTokenAgeSeconds;
  if (!('iat' in payload)) {
    checks.push(
      maxAge === undefined
        ? { check: 'iat', status: 'skipped', detail: 'No iat claim.' }
        : fail('iat', 'missing_claim', 'iat is required by maxTokenAgeSeconds but the token has none.'),
    );
  } else if (iat === null) {
    checks.push(fail('iat', 'malformed', 'iat is not a NumericDate (seconds since 1970).'));
  } else if (timing.issuedInFuture) {
    const detail = `iat ${iso(iat)} is in the future${skew}: the issuer's clock is ahead, or the token is forged.`;
    // Like jose: a future iat only fails when the token's age is being checked.
    checks.push(maxAge === undefined ? { check: 'iat', status: 'warn', detail } : fail('iat', 'issued_in_future', detail));
  } else {
    checks.push({ check: 'iat', status: 'pass', detail: `Issued at ${iso(iat)}.` });
  }
  if (maxAge !== undefined && iat !== null && !timing.issuedInFuture) {
    const age = Math.floor(nowSeconds - iat);
    checks.push(
      age - tolerance > maxAge
        ? fail('maxAge', 'token_too_old', `The token is ${age} s old, more than maxTokenAgeSeconds ${maxAge}.`)
        : { check: 'maxAge', status: 'pass', detail: `The token is ${Math.max(0, age)} s old (at most ${maxAge}).` },
    );
  }

  checks.push(matchCheck('aud', payload.aud, input.audience));
  checks.push(matchCheck('iss', payload.iss, input.issuer));
  checks.push(matchCheck('sub', payload.sub, input.subject));

  if (input.requiredClaims !== undefined && input.requiredClaims.length > 0) {
    const missing = input.requiredClaims.filter((name) => !Object.hasOwn(payload, name));
    checks.push(
      missing.length > 0
        ? fail('requiredClaims', 'missing_claim', `Required claims missing: ${missing.join(', ')}.`)
        : { check: 'requiredClaims', status: 'pass', detail: `All required claims are present: ${input.requiredClaims.join(', ')}.` },
    );
  }
  return checks;
}

const MATCH = {
  aud: { label: 'audience', field: 'audience', mismatch: 'audience_mismatch' },
  iss: { label: 'issuer', field: 'issuer', mismatch: 'issuer_mismatch' },
  sub: { label: 'subject', field: 'subject', mismatch: 'subject_mismatch' },
} as const satisfies Record<string, { label: string; field: string; mismatch: Reason }>;

/**
 * aud may be a string or an array (RFC 7519 §4.1.3) and matches when it contains one expected value; iss and sub are
 * strings that must equal one expected value.
 */
function matchCheck(claim: keyof typeof MATCH, value: Json | undefined, expected: string | string[] | undefined): ClaimCheck {
  const { label, field, mismatch } = MATCH[claim];
  const wanted = expected === undefined ? [] : Array.isArray(expected) ? expected : [expected];
  const shown = value === undefined ? '' : JSON.stringify(value).slice(0, 200);
  if (wanted.length === 0) {
    if (value === undefined) return { check: claim, status: 'skipped', detail: `No ${claim} claim and no expected ${label}.` };
    if (claim === 'sub') return { check: claim, status: 'pass', detail: `sub is ${shown} (no expected subject given).` };
    const why = claim === 'aud' ? ' — a service must reject tokens meant for others' : '';
    return { check: claim, status: 'warn', detail: `${claim} is ${shown}; pass \`${field}\` to check it${why}.` };
  }
  const expectedText = wanted.map((w) => JSON.stringify(w)).join(' or ');
  if (value === undefined) return fail(claim, 'missing_claim', `The token has no ${claim} claim, but ${expectedText} is expected.`);
  const values = claim === 'aud' && Array.isArray(value) ? value : [value];
  return values.some((v) => typeof v === 'string' && wanted.includes(v))
    ? { check: claim, status: 'pass', detail: `${claim} ${shown} matches the expected ${label}.` }
    : fail(claim, mismatch, `${claim} ${shown} does not match the expected ${label} ${expectedText}.`);
}

/** Drops the internal `reason` so checks match the output schema exactly. */
function publicChecks(checks: readonly ClaimCheck[]): Check[] {
  return checks.map(({ check, status, detail }) => ({ check, status, detail }));
}
