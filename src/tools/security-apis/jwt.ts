import { withThousands } from '../../lib/digits.ts';
import { isoOfUnixSeconds } from '../../lib/unix-seconds.ts';
/**
 * JWT helpers shared by jwt-decoder and jwt-signature-verifier: splitting and decoding a compact token,
 * explaining its claims and reading its time claims against the request clock.
 */
import { z } from 'zod';
import { invalidField } from '../../core/errors.ts';

export const MAX_TOKEN_CHARS = 100_000;

export const tokenField = z
  .string()
  .min(1, 'must not be empty')
  .max(MAX_TOKEN_CHARS, `at most ${withThousands(MAX_TOKEN_CHARS)} characters`)
  .describe('The JWT in compact form (header.payload.signature); a leading "Bearer " is ignored');

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export interface DecodedToken {
  /** The token as given, trimmed and without "Bearer ". */
  compact: string;
  form: 'JWS' | 'JWE';
  header: JsonObject;
  /** The claims when the payload is a JSON object (JWS only). */
  payload: JsonObject | null;
  /** The payload as text when it is not a JSON object (a JWS of arbitrary content). */
  payloadText: string | null;
  signatureBytes: number;
}

const B64URL = /^[A-Za-z0-9_-]*$/;

/** Decodes without verifying anything. A token that is not a JWS or JWE is a 400 naming `field`. */
export function decodeToken(raw: string, field = 'token'): DecodedToken {
  const compact = raw.trim().replace(/^bearer\s+/i, '');
  const parts = compact.split('.');
  if (parts.length !== 3 && parts.length !== 5) {
    throw invalidField(field, `a JWT has 3 dot-separated parts (JWS) or 5 (JWE); this has ${parts.length}`);
  }
  const names = parts.length === 3 ? ['header', 'payload', 'signature'] : ['header', 'encrypted key', 'IV', 'ciphertext', 'tag'];
  parts.forEach((part, i) => {
    if (!B64URL.test(part) || part.length % 4 === 1) throw invalidField(field, `the ${names[i]} part is not base64url`);
  });
  const header = parseJsonObject(Buffer.from(parts[0] ?? '', 'base64url').toString('utf8'));
  if (header === null) throw invalidField(field, 'the header is not a base64url-encoded JSON object');
  if (parts.length === 5) return { compact, form: 'JWE', header, payload: null, payloadText: null, signatureBytes: 0 };
  const payloadRaw = Buffer.from(parts[1] ?? '', 'base64url').toString('utf8');
  const payload = parseJsonObject(payloadRaw);
  return {
    compact,
    form: 'JWS',
    header,
    payload,
    payloadText: payload === null ? payloadRaw : null,
    signatureBytes: Buffer.from(parts[2] ?? '', 'base64url').length,
  };
}

function parseJsonObject(text: string): JsonObject | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonObject) : null;
  } catch {
    return null;
  }
}

/** What the registered (RFC 7519 §4.1) and common OpenID Connect / OAuth claims mean. */
export const CLAIM_MEANINGS: Record<string, string> = {
  iss: 'Issuer: who created and signed the token (RFC 7519)',
  sub: 'Subject: whom the token is about, usually a user id (RFC 7519)',
  aud: 'Audience: the recipients the token is meant for; others must reject it (RFC 7519)',
  exp: 'Expiration time: the token must not be accepted at or after this time (RFC 7519)',
  nbf: 'Not before: the token must not be accepted before this time (RFC 7519)',
  iat: 'Issued at: when the token was created (RFC 7519)',
  jti: 'JWT ID: unique id of the token, used to detect replays (RFC 7519)',
  azp: 'Authorized party: the client the token was issued to (OpenID Connect)',
  auth_time: 'Authentication time: when the user last authenticated (OpenID Connect)',
  nonce: 'Nonce: value tying an ID token to the client session, against replays (OpenID Connect)',
  acr: 'Authentication context class reference (OpenID Connect)',
  amr: 'Authentication methods used, e.g. pwd, mfa, otp (OpenID Connect, RFC 8176)',
  at_hash: 'Access token hash (OpenID Connect)',
  c_hash: 'Authorization code hash (OpenID Connect)',
  sid: 'Session id (OpenID Connect)',
  scope: 'Scopes granted (OAuth 2.0, RFC 8693)',
  scp: 'Scopes granted (common variant of scope)',
  client_id: 'OAuth client the token was issued to (RFC 9068)',
  cnf: 'Confirmation: key the presenter must prove possession of (RFC 7800)',
  act: 'Actor: the party acting on behalf of the subject (RFC 8693)',
  may_act: 'Who may act on behalf of the subject (RFC 8693)',
  email: 'E-mail address (OpenID Connect)',
  email_verified: 'Whether the e-mail address was verified (OpenID Connect)',
  name: 'Full name (OpenID Connect)',
  given_name: 'Given name (OpenID Connect)',
  family_name: 'Family name (OpenID Connect)',
  preferred_username: 'Preferred user name (OpenID Connect)',
  roles: 'Roles granted (common custom claim)',
  groups: 'Groups the subject belongs to (common custom claim)',
  tid: 'Tenant id (Microsoft Entra ID)',
  oid: 'Object id of the user (Microsoft Entra ID)',
  typ: 'Token type (custom claim)',
};

export const TIME_CLAIMS = ['exp', 'nbf', 'iat', 'auth_time'] as const;

const UNREPRESENTABLE = 'when the number lies outside the dates a JavaScript Date holds: ±8.64e12 s, years -271821 to 275760';

export const claimSchema = z.object({
  name: z.string().describe('Claim name'),
  value: z.unknown().describe('Claim value as in the token'),
  meaning: z.string().nullable().describe('What the claim means (null for custom claims)'),
  time: z
    .string()
    .nullable()
    .describe(
      `For time claims (exp, nbf, iat, auth_time): the value as ISO 8601 UTC (null for other claims, a value that is not a number, or ${UNREPRESENTABLE})`,
    ),
});
export type Claim = z.infer<typeof claimSchema>;

export function explainClaims(payload: JsonObject): Claim[] {
  return Object.entries(payload).map(([name, value]) => ({
    name,
    value,
    meaning: Object.hasOwn(CLAIM_MEANINGS, name) ? (CLAIM_MEANINGS[name] ?? null) : null,
    time: (TIME_CLAIMS as readonly string[]).includes(name) ? numericDateToIso(value) : null,
  }));
}

export const timingSchema = z.object({
  status: z
    .enum(['valid', 'expired', 'not_yet_valid', 'no_expiry', 'unknown'])
    .describe('Against the current time: valid, expired, not_yet_valid, no_expiry (no exp claim, or an exp that is not a number), unknown (no claims)'),
  expiresAt: z.string().nullable().describe(`exp as ISO 8601 UTC (null without exp, or ${UNREPRESENTABLE})`),
  notBefore: z.string().nullable().describe(`nbf as ISO 8601 UTC (null without nbf, or ${UNREPRESENTABLE})`),
  issuedAt: z.string().nullable().describe(`iat as ISO 8601 UTC (null without iat, or ${UNREPRESENTABLE})`),
  expired: z.boolean().nullable().describe('exp is at or before now (null without exp)'),
  notYetValid: z.boolean().nullable().describe('nbf is after now (null without nbf)'),
  issuedInFuture: z.boolean().nullable().describe('iat is after now (null without iat)'),
  lifetimeSeconds: z.number().nullable().describe('exp − iat in seconds (null unless both are numbers and their difference is finite)'),
});
export type Timing = z.infer<typeof timingSchema>;

/** Reads exp/nbf/iat against `now`; `leewaySeconds` forgives clock skew as verifiers do. */
export function timingOf(payload: JsonObject | null, now: Date, leewaySeconds = 0): Timing {
  const seconds = now.getTime() / 1000;
  const exp = numericDate(payload?.exp);
  const nbf = numericDate(payload?.nbf);
  const iat = numericDate(payload?.iat);
  const expired = exp === null ? null : exp <= seconds - leewaySeconds;
  const notYetValid = nbf === null ? null : nbf > seconds + leewaySeconds;
  const status = payload === null ? 'unknown' : expired ? 'expired' : notYetValid ? 'not_yet_valid' : exp === null ? 'no_expiry' : 'valid';
  return {
    status,
    expiresAt: numericDateToIso(exp),
    notBefore: numericDateToIso(nbf),
    issuedAt: numericDateToIso(iat),
    expired,
    notYetValid,
    issuedInFuture: iat === null ? null : iat > seconds + leewaySeconds,
    lifetimeSeconds: exp !== null && iat !== null && Number.isFinite(exp - iat) ? exp - iat : null,
  };
}

/**
 * A NumericDate is a JSON number of seconds since 1970 (RFC 7519 §2), whatever its size: exp 99999999999999 is a valid
 * far-future expiry, as jose reads it (a JSON number too large for a double parses as ±Infinity, which jose compares
 * too). Anything that is not a number is treated as absent (the tools report it as not a NumericDate).
 */
export function numericDate(value: Json | undefined): number | null {
  return typeof value === 'number' && !Number.isNaN(value) ? value : null;
}

/** The NumericDate as ISO 8601 UTC, or null when it is not one or lies outside the range a date can represent. */
export function numericDateToIso(value: unknown): string | null {
  const seconds = numericDate(value as Json);
  return seconds === null ? null : isoOfUnixSeconds(seconds);
}

/** A NumericDate for a sentence: its ISO 8601 time, or where it lies when no date can represent it. */
export function describeNumericDate(seconds: number): string {
  return (
    numericDateToIso(seconds) ??
    (seconds > 0
      ? `${seconds} s after 1970 — later than the last date that can be written, +275760-09-13`
      : `${-seconds} s before 1970 — earlier than the first date that can be written, -271821-04-20`)
  );
}

/** The unsecured (alg "none") token both JWT tools' examples show, what it decodes to and its timing (exp in 2100). */
export const UNSECURED_EXAMPLE = {
  token: 'eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiJ1c2VyLTEiLCJhZG1pbiI6dHJ1ZSwiZXhwIjo0MTAyNDQ0ODAwfQ.',
  header: { alg: 'none', typ: 'JWT' },
  payload: { sub: 'user-1', admin: true, exp: 4102444800 },
  timing: {
    status: 'valid' as const,
    expiresAt: '2100-01-01T00:00:00.000Z',
    notBefore: null,
    issuedAt: null,
    expired: false,
    notYetValid: null,
    issuedInFuture: null,
    lifetimeSeconds: null,
  },
};

/** RFC 7515 Appendix A.1 (HS256; exp in 2011), as both JWT tools' examples show it: the token, what it decodes to and its timing. */
export const RFC7515_A1_EXAMPLE = {
  token:
    'eyJ0eXAiOiJKV1QiLA0KICJhbGciOiJIUzI1NiJ9.eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ.dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
  header: { typ: 'JWT', alg: 'HS256' },
  payload: { iss: 'joe', exp: 1300819380, 'http://example.com/is_root': true },
  timing: {
    status: 'expired' as const,
    expiresAt: '2011-03-22T18:43:00.000Z',
    notBefore: null,
    issuedAt: null,
    expired: true,
    notYetValid: null,
    issuedInFuture: null,
    lifetimeSeconds: null,
  },
};

/** The jwt.io sample token (HS256, no exp), as both JWT tools' examples show it. */
export const JWT_IO_EXAMPLE = {
  token:
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c',
  header: { alg: 'HS256', typ: 'JWT' },
  payload: { sub: '1234567890', name: 'John Doe', iat: 1516239022 },
  timing: {
    status: 'no_expiry' as const,
    expiresAt: null,
    notBefore: null,
    issuedAt: '2018-01-18T01:30:22.000Z',
    expired: null,
    notYetValid: null,
    issuedInFuture: false,
    lifetimeSeconds: null,
  },
};
