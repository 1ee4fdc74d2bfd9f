import { createPrivateKey, createPublicKey, createSecretKey, randomUUID, type KeyObject } from 'node:crypto';
import type * as Jose from 'jose';
import type { JWTHeaderParameters, JWTPayload } from 'jose';
import { z } from 'zod';
import { invalidField } from '../../core/errors.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { isRecord } from './lib/source.ts';
import { lazy } from '../../lib/lazy.ts';
import { isoOfUnixSeconds } from '../../lib/unix-seconds.ts';

const jose = lazy<typeof Jose>('jose');

const ALGORITHMS = ['HS256', 'HS384', 'HS512', 'RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'] as const;
type Algorithm = (typeof ALGORITHMS)[number];

const EC_CURVES: Partial<Record<Algorithm, string>> = { ES256: 'prime256v1', ES384: 'secp384r1', ES512: 'secp521r1' };
const RESERVED_HEADER = new Set(['alg', 'b64', 'crit']);
const UNITS: Record<string, number> = { s: 1, sec: 1, m: 60, min: 60, h: 3600, hr: 3600, d: 86_400, w: 604_800, y: 31_557_600 };
const MAX_SECONDS = 100 * 31_557_600;

const durationField = (what: string) =>
  z
    .union([z.number().int('whole seconds').min(-MAX_SECONDS).max(MAX_SECONDS), z.string().max(20)])
    .optional()
    .describe(`${what}: seconds, or a duration such as "15m", "1h", "7d"`);

function seconds(field: string, value: number | string): number {
  if (typeof value === 'number') return value;
  const m = /^\s*(-?\d+)\s*(s|sec|m|min|h|hr|d|w|y)?\s*$/i.exec(value);
  if (!m) throw invalidField(field, `'${value}' is not a duration: use seconds or a number with s, m, h, d, w or y (e.g. 90, "15m", "2h", "7d")`);
  const total = Number(m[1]) * (UNITS[(m[2] ?? 's').toLowerCase()] ?? 1);
  if (Math.abs(total) > MAX_SECONDS) throw invalidField(field, 'at most 100 years');
  return total;
}

function decodeSecret(secret: string, encoding: 'utf8' | 'base64' | 'base64url' | 'hex'): Buffer {
  if (encoding === 'hex' && !/^(?:[0-9a-fA-F]{2})+$/.test(secret)) throw invalidField('secret', 'is not hex (pairs of 0-9a-f)');
  if (encoding === 'base64' && !/^[A-Za-z0-9+/\s]*={0,2}$/.test(secret)) throw invalidField('secret', 'is not Base64');
  if (encoding === 'base64url' && !/^[A-Za-z0-9_-]*$/.test(secret)) throw invalidField('secret', 'is not base64url');
  return Buffer.from(secret, encoding);
}

function privateKeyOf(text: string, alg: Algorithm): KeyObject {
  let key: KeyObject;
  try {
    const trimmed = text.trim();
    key = trimmed.startsWith('{')
      ? createPrivateKey({ key: JSON.parse(trimmed) as import('node:crypto').JsonWebKey, format: 'jwk' })
      : createPrivateKey({ key: trimmed, format: 'pem' });
  } catch {
    throw invalidField(
      'privateKey',
      'not a readable private key: send a PEM (-----BEGIN PRIVATE KEY----- PKCS#8, or RSA/EC PRIVATE KEY) or a private JWK as JSON',
    );
  }
  const type = key.asymmetricKeyType;
  const family = alg.slice(0, 2);
  const ok =
    ((family === 'RS' || family === 'PS') && (type === 'rsa' || (family === 'PS' && type === 'rsa-pss'))) ||
    (family === 'ES' && type === 'ec' && key.asymmetricKeyDetails?.namedCurve === EC_CURVES[alg]) ||
    (alg === 'EdDSA' && type === 'ed25519');
  if (!ok) {
    const have =
      type === 'ec'
        ? `an EC key on ${key.asymmetricKeyDetails?.namedCurve ?? 'an unknown curve'}`
        : `a${type === 'ed25519' || type === 'ed448' ? 'n' : ''} ${type ?? 'unknown'} key`;
    const need = family === 'ES' ? `an EC key on ${EC_CURVES[alg]}` : alg === 'EdDSA' ? 'an Ed25519 key' : 'an RSA key';
    // EdDSA with Ed448 (RFC 8037) is refused: jose, which signs here, implements EdDSA for Ed25519 only (as WebCrypto does),
    // and jwt-signature-verifier verifies Ed25519 only, so an Ed448 token could not be checked with this API either.
    const why = alg === 'EdDSA' && type === 'ed448' ? ' (Ed448 is not supported: use an Ed25519 key)' : '';
    throw invalidField('privateKey', `${alg} needs ${need}, but this is ${have}${why}`);
  }
  if ((family === 'RS' || family === 'PS') && (key.asymmetricKeyDetails?.modulusLength ?? 0) < 2048) {
    throw invalidField('privateKey', 'RSA keys must be at least 2048 bits for RS*/PS* (RFC 7518)');
  }
  return key;
}

const b64json = (part: string): unknown => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));

const TIME_NOTE = 'null when absent or beyond the dates that can be written (±8.64e12 s from 1970, years -271821 to 275760)';
/**
 * A NumericDate is any JSON number of seconds since 1970 (RFC 7519 §2), so iat, exp and nbf in `payload` are accepted at
 * any finite size (a far-future exp is a legitimate test case) and signed as given; the ISO time beside them is null
 * where a date cannot represent the number. A non-number, or a number too large for a double, is a 400 naming the claim.
 */
const iso = (s: unknown): string | null => (typeof s === 'number' ? isoOfUnixSeconds(s) : null);

/** The time claims of `payload` that the options do not replace must be NumericDates. */
function checkTimeClaims(input: { payload?: Record<string, unknown>; issuedAt?: number; expiresIn?: unknown; notBefore?: unknown; noExpiry?: boolean }): void {
  const replaced = { iat: input.issuedAt !== undefined, exp: input.noExpiry === true || input.expiresIn !== undefined, nbf: input.notBefore !== undefined };
  for (const name of ['iat', 'exp', 'nbf'] as const) {
    const value = input.payload?.[name];
    if (value === undefined || replaced[name]) continue;
    if (typeof value !== 'number') throw invalidField(`payload.${name}`, 'must be a NumericDate: a JSON number of seconds since 1970-01-01 UTC (RFC 7519 §2)');
    if (!Number.isFinite(value)) throw invalidField(`payload.${name}`, 'must be a finite number of seconds (this one is too large for a double)');
  }
}

export default defineTool({
  module: 'developer-apis',
  slug: 'jwt-generator',
  cpu: 'large-input',
  title: 'JWT generator (for testing and development)',
  description:
    'Creates a signed JSON Web Token for testing and development: HMAC (HS256/384/512) with a shared secret, or RS256/384/512, PS256/384/512, ES256/384/512 and EdDSA (Ed25519) with a private key you provide (PEM or JWK). ' +
    'Sets iat from the current time (or issuedAt), exp from expiresIn (default 1 hour), optional nbf, iss, sub, aud, jti and kid, plus any custom claims. Returns the token, its decoded header and payload, ' +
    'the times in ISO 8601 and, for key pairs, the matching public key to verify with. "alg: none" is refused; keys are used only for this call and never stored. ' +
    'Do not paste production signing keys into any online tool.',
  keywords: ['jwt', 'json web token', 'generate jwt', 'sign jwt', 'hs256', 'rs256', 'es256', 'eddsa', 'bearer token', 'jose'],
  input: () =>
    z.object({
      algorithm: z
        .enum(ALGORITHMS, { message: `one of ${ALGORITHMS.join(', ')} ("none" is refused: unsigned tokens are accepted by careless verifiers)` })
        .optional()
        .describe('Signing algorithm. Default HS256.'),
      payload: z
        .record(z.string(), z.unknown())
        .optional()
        .describe('Claims to include (any JSON object). Registered claims given as options below take precedence.'),
      secret: z.string().min(1, 'must not be empty').max(4096).optional().describe('HS256/384/512: the shared secret'),
      secretEncoding: z.enum(['utf8', 'base64', 'base64url', 'hex']).optional().describe('How secret is written. Default utf8.'),
      privateKey: z.string().max(20_000).optional().describe('RS*/PS*/ES*/EdDSA (Ed25519): the private key as PEM or as a JWK JSON string'),
      expiresIn: durationField('Lifetime from iat (sets exp). Default 1h unless payload has exp'),
      notBefore: durationField('Delay from iat before the token is valid (sets nbf)'),
      issuedAt: z.number().int('whole seconds').min(0).max(32_503_680_000).optional().describe('iat as Unix seconds. Default now.'),
      noExpiry: z.boolean().optional().describe('Omit exp entirely. Default false.'),
      issuer: z.string().max(2000).optional().describe('iss claim'),
      subject: z.string().max(2000).optional().describe('sub claim'),
      audience: z
        .union([z.string().max(2000), z.array(z.string().max(2000)).max(50)])
        .optional()
        .describe('aud claim: a string or a list'),
      jwtId: z
        .union([z.string().max(200), z.literal(true)])
        .optional()
        .describe('jti claim, or true for a random UUID'),
      keyId: z.string().max(200).optional().describe('kid header'),
      header: z.record(z.string(), z.unknown()).optional().describe('Extra protected-header fields (alg, b64 and crit cannot be set)'),
    }),
  output: () =>
    z.object({
      token: z.string(),
      header: z.record(z.string(), z.unknown()),
      payload: z.record(z.string(), z.unknown()),
      algorithm: z.string(),
      issuedAt: z.string().nullable().describe(`iat as ISO 8601 UTC (${TIME_NOTE})`),
      expiresAt: z.string().nullable().describe(`exp as ISO 8601 UTC (${TIME_NOTE})`),
      notBefore: z.string().nullable().describe(`nbf as ISO 8601 UTC (${TIME_NOTE})`),
      publicKey: z.string().nullable().describe('SPKI PEM of the key pair, to verify the token'),
      publicJwk: z.record(z.string(), z.unknown()).nullable(),
    }),
  examples: [
    {
      title: 'HS256 with claims and a fixed issue time',
      input: {
        payload: { role: 'admin' },
        secret: 'a-string-secret-at-least-256-bits-long',
        subject: 'user-42',
        issuer: 'https://auth.example.com',
        issuedAt: 1700000000,
        expiresIn: '15m',
      },
      output: {
        token:
          'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoiYWRtaW4iLCJpYXQiOjE3MDAwMDAwMDAsImV4cCI6MTcwMDAwMDkwMCwiaXNzIjoiaHR0cHM6Ly9hdXRoLmV4YW1wbGUuY29tIiwic3ViIjoidXNlci00MiJ9.-B_MLMEt3Emoptue1WlXmKr_WObKB0-5eyTD0IdK0J0',
        header: { alg: 'HS256', typ: 'JWT' },
        payload: { role: 'admin', iat: 1700000000, exp: 1700000900, iss: 'https://auth.example.com', sub: 'user-42' },
        algorithm: 'HS256',
        issuedAt: '2023-11-14T22:13:20.000Z',
        expiresAt: '2023-11-14T22:28:20.000Z',
        notBefore: null,
        publicKey: null,
        publicJwk: null,
      },
    },
    {
      title: 'EdDSA with a (test-only) Ed25519 key, audience and kid',
      input: {
        algorithm: 'EdDSA',
        privateKey: '-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIDNT/poZmPSMYHBn/LN1+EEnwsr+IymcOfd9I4ZZlWEf\n-----END PRIVATE KEY-----\n',
        audience: 'api',
        keyId: 'test-key-1',
        issuedAt: 1700000000,
        noExpiry: true,
      },
      output: {
        token:
          'eyJhbGciOiJFZERTQSIsInR5cCI6IkpXVCIsImtpZCI6InRlc3Qta2V5LTEifQ.eyJpYXQiOjE3MDAwMDAwMDAsImF1ZCI6ImFwaSJ9.VuFizKTOObU2asCDShP41POZpErqa2hT2Oo0d_T4cOq1YTp-2s5KQJ6nJmZ5hE-PjZpgymwQos9joicqjxSjCg',
        header: { alg: 'EdDSA', typ: 'JWT', kid: 'test-key-1' },
        payload: { iat: 1700000000, aud: 'api' },
        algorithm: 'EdDSA',
        issuedAt: '2023-11-14T22:13:20.000Z',
        expiresAt: null,
        notBefore: null,
        publicKey: '-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEAvCmbLXX3GBobGnQ1y6bvbQ/UGxe5ZUIvV1OGwI1j6Q4=\n-----END PUBLIC KEY-----\n',
        publicJwk: { crv: 'Ed25519', x: 'vCmbLXX3GBobGnQ1y6bvbQ_UGxe5ZUIvV1OGwI1j6Q4', kty: 'OKP', alg: 'EdDSA', use: 'sig', kid: 'test-key-1' },
      },
    },
    {
      title: 'HS512 with a random jti, default 1-hour expiry',
      input: { algorithm: 'HS512', secret: 'dev-secret', jwtId: true, payload: { scope: 'read:items' } },
    },
  ],
  run: async (input, ctx) => {
    const alg: Algorithm = input.algorithm ?? 'HS256';
    const isHmac = alg.startsWith('HS');
    let key: KeyObject;
    let publicKey: string | null = null;
    let publicJwk: Record<string, unknown> | null = null;
    if (isHmac) {
      if (input.privateKey !== undefined) throw invalidField('privateKey', `${alg} uses a shared secret: send secret instead`);
      if (input.secret === undefined) throw invalidField('secret', `is required for ${alg}`);
      const bytes = decodeSecret(input.secret, input.secretEncoding ?? 'utf8');
      if (bytes.length === 0) throw invalidField('secret', 'decodes to zero bytes');
      const want = Number(alg.slice(2)) / 8;
      if (bytes.length < want)
        ctx.warn(
          `The secret is ${bytes.length} bytes; RFC 7518 requires at least ${want} bytes (${want * 8} bits) for ${alg}. Fine for a test, weak in production.`,
        );
      key = createSecretKey(bytes);
    } else {
      if (input.secret !== undefined) throw invalidField('secret', `${alg} signs with a private key: send privateKey instead`);
      if (input.privateKey === undefined) throw invalidField('privateKey', `is required for ${alg} (PEM or JWK)`);
      key = privateKeyOf(input.privateKey, alg);
      const pub = createPublicKey(key);
      publicKey = pub.export({ type: 'spki', format: 'pem' }).toString();
      publicJwk = { ...(pub.export({ format: 'jwk' }) as Record<string, unknown>), alg, use: 'sig', ...(input.keyId ? { kid: input.keyId } : {}) };
    }
    const header: JWTHeaderParameters = { alg, typ: 'JWT', ...(input.header ?? {}) };
    header.alg = alg;
    for (const name of Object.keys(input.header ?? {}))
      if (RESERVED_HEADER.has(name))
        throw invalidField('header', `${name} cannot be set here (alg comes from algorithm; b64/crit change how the token is verified)`);
    if (input.keyId !== undefined) header.kid = input.keyId;

    checkTimeClaims(input);
    const claims: JWTPayload = { ...(input.payload ?? {}) };
    const iat = input.issuedAt ?? (typeof claims.iat === 'number' ? claims.iat : Math.floor(ctx.now().getTime() / 1000));
    claims.iat = iat;
    if (input.noExpiry) {
      if (input.expiresIn !== undefined) throw invalidField('expiresIn', 'cannot be combined with noExpiry');
      delete claims.exp;
    } else if (input.expiresIn !== undefined || claims.exp === undefined) {
      const lifetime = seconds('expiresIn', input.expiresIn ?? '1h');
      if (lifetime <= 0) ctx.warn('expiresIn is not positive: the token is already expired (useful to test expiry handling).');
      claims.exp = iat + lifetime;
    }
    if (input.notBefore !== undefined) claims.nbf = iat + seconds('notBefore', input.notBefore);
    if (input.issuer !== undefined) claims.iss = input.issuer;
    if (input.subject !== undefined) claims.sub = input.subject;
    if (input.audience !== undefined) claims.aud = input.audience;
    if (input.jwtId !== undefined) claims.jti = input.jwtId === true ? randomUUID() : input.jwtId;
    if (!isRecord(claims)) throw invalidField('payload', 'must be a JSON object');

    const token = await new (jose().SignJWT)(claims).setProtectedHeader(header).sign(key);
    const [h = '', p = ''] = token.split('.');
    const decodedPayload = b64json(p) as JWTPayload;
    return {
      token,
      header: b64json(h) as Record<string, unknown>,
      payload: decodedPayload as Record<string, unknown>,
      algorithm: alg,
      issuedAt: iso(decodedPayload.iat),
      expiresAt: iso(decodedPayload.exp),
      notBefore: iso(decodedPayload.nbf),
      publicKey,
      publicJwk,
    };
  },
});
