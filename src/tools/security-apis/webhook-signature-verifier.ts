import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { invalidField } from '../../core/errors.ts';
import type { ToolContext } from '../../core/context.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { textField } from '../../registry/fields.ts';
import { algorithmName, constantTimeEqual, DIGEST_BYTES, HMAC_ALGORITHMS, type HmacAlgorithm } from './bytes.ts';

const SCHEMES = ['auto', 'github', 'stripe', 'standard', 'hex', 'base64'] as const;
type Scheme = Exclude<(typeof SCHEMES)[number], 'auto'>;
const REASONS = ['mismatch', 'timestamp_expired', 'timestamp_in_future', 'malformed'] as const;
type Reason = (typeof REASONS)[number];

const MAX_SECRET_CHARS = 10_000;
const MAX_SIGNATURE_CHARS = 10_000;
const MAX_TOLERANCE = 366 * 24 * 3600;

const HEX = /^[0-9a-fA-F]+$/;
const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;
/** HMAC output size in bytes → the algorithm a bare hex/Base64 signature of that size most likely uses. */
const BY_SIZE: Record<number, HmacAlgorithm> = { 16: 'md5', 20: 'sha1', 28: 'sha224', 32: 'sha256', 48: 'sha384', 64: 'sha512' };

interface Verdict {
  valid: boolean;
  scheme: Scheme | 'unknown';
  algorithm: HmacAlgorithm | null;
  signatureMatches: boolean;
  timestampWithinTolerance: boolean | null;
  reason: Reason | null;
  detail: string;
  signaturesChecked: number;
  timestamp: number | null;
  signedAt: string | null;
}

interface Input {
  payload: string;
  secret: string;
  signature: string;
  scheme: (typeof SCHEMES)[number];
  timestamp?: string | number | undefined;
  id?: string | undefined;
  toleranceSeconds: number;
  now?: string | number | undefined;
  algorithm?: HmacAlgorithm | undefined;
}

const MISMATCH_HINT =
  'No signature matches the HMAC of the payload. Check that the payload is the raw body byte for byte (not re-serialized JSON, ' +
  "same line endings and whitespace) and that the secret is this endpoint's signing secret.";

const timestampField = z
  .union([
    z.number().int('whole seconds').nonnegative().max(999_999_999_999, 'Unix time in whole seconds'),
    z.string().regex(/^\d{1,12}$/, 'Unix time in whole seconds, e.g. "1614265330"'),
  ])
  .optional()
  .describe('The signed timestamp (Unix seconds), for `standard` the `webhook-timestamp` header. Stripe carries it inside the signature (t=…)');

export default defineTool({
  module: 'security-apis',
  slug: 'webhook-signature-verifier',
  cpu: 'large-input',
  title: 'Webhook signature verifier (GitHub, Stripe, Standard Webhooks, HMAC)',
  description:
    'Checks that a webhook request really comes from the sender: recomputes the HMAC of the raw payload with your ' +
    'signing secret and compares it, in constant time, with the signature header. Schemes: `github` ' +
    '(X-Hub-Signature-256 `sha256=<hex>`, also legacy `sha1=`), `stripe` (Stripe-Signature `t=…,v1=…`, HMAC-SHA256 ' +
    'of `t.payload` with the whole `whsec_…` secret; any of several v1 values may match; too-old timestamps fail as ' +
    "Stripe's libraries do), `standard` (Standard Webhooks / Svix: `webhook-signature` `v1,<base64>` list, " +
    '`whsec_<base64>` secret, signed `id.timestamp.payload`; timestamps too old or too far ahead fail), and plain ' +
    '`hex` or `base64` HMACs of the raw body (e.g. Shopify X-Shopify-Hmac-Sha256 in Base64; the algorithm follows from the ' +
    'length unless given). `auto` (default) picks the scheme from the signature format. Timestamps are checked ' +
    'against the current time with `toleranceSeconds` (default 300; 0 turns the check off), or against `now` when given ' +
    '(Unix seconds): that is how a published test vector with an old timestamp is verified. The result says ' +
    'whether it is valid, the scheme used, and why not (mismatch, timestamp_expired, timestamp_in_future, ' +
    'malformed). The payload must be the raw body exactly as received. Secrets are never echoed or logged; to ' +
    'compute a signature use hmac-generator.',
  keywords: ['webhook', 'signature', 'verify', 'hmac', 'github', 'stripe', 'svix', 'standard webhooks', 'x-hub-signature-256', 'stripe-signature'],
  input: () =>
    z.object({
      payload: textField('The raw request body, byte for byte as received (do not re-serialize JSON)'),
      secret: z.string().min(1, 'must not be empty').max(MAX_SECRET_CHARS, `at most ${MAX_SECRET_CHARS} characters`).describe('The endpoint signing secret'),
      signature: z
        .string()
        .min(1, 'must not be empty')
        .max(MAX_SIGNATURE_CHARS, `at most ${MAX_SIGNATURE_CHARS} characters`)
        .describe('The signature header value, e.g. "sha256=…", "t=…,v1=…" or "v1,…" (a leading "Header-Name:" is ignored)'),
      scheme: z.enum(SCHEMES).default('auto').describe('auto (default: detect from the signature), github, stripe, standard, hex or base64'),
      timestamp: timestampField,
      id: z.string().max(500, 'at most 500 characters').optional().describe('The message id (`webhook-id` header); required for the standard scheme'),
      toleranceSeconds: z
        .number()
        .int('whole seconds')
        .min(0, 'at least 0')
        .max(MAX_TOLERANCE, `at most ${MAX_TOLERANCE}`)
        .default(300)
        .describe('How far the signed timestamp may be from now, in seconds (default 300; 0 = do not check)'),
      now: z
        .union([
          z.number().int('whole seconds').nonnegative().max(999_999_999_999, 'Unix time in whole seconds'),
          z.string().regex(/^\d{1,12}$/, 'Unix time in whole seconds, e.g. "1614265330"'),
        ])
        .optional()
        .describe('Check the timestamp against this time (Unix seconds) instead of the current time, e.g. to verify a published test vector'),
      algorithm: algorithmName(HMAC_ALGORITHMS)
        .optional()
        .describe('Hash of a bare hex/base64 signature; default: inferred from its length (32 bytes → sha256, 20 → sha1, 64 → sha512…)'),
    }),
  output: () =>
    z.object({
      valid: z.boolean().describe('True when a signature matches and the timestamp (if any) is within tolerance'),
      scheme: z.enum(['github', 'stripe', 'standard', 'hex', 'base64', 'unknown']).describe('The scheme used (unknown: auto-detection failed)'),
      algorithm: z.enum(HMAC_ALGORITHMS).nullable().describe('HMAC hash used'),
      signatureMatches: z.boolean().describe('True when one of the signatures equals the recomputed HMAC'),
      timestampWithinTolerance: z.boolean().nullable().describe('null when the scheme has no timestamp or the check is off'),
      reason: z.enum(REASONS).nullable().describe('Why it is invalid: mismatch, timestamp_expired, timestamp_in_future or malformed; null when valid'),
      detail: z.string().describe('What was checked and, when invalid, what to look at'),
      signaturesChecked: z.number().int().nonnegative().describe('How many candidate signatures were compared'),
      timestamp: z.number().int().nullable().describe('The signed timestamp (Unix seconds), if the scheme has one'),
      signedAt: z.string().nullable().describe('The signed timestamp as ISO 8601'),
    }),
  examples: [
    {
      title: "GitHub's documented X-Hub-Signature-256 example",
      input: {
        payload: 'Hello, World!',
        secret: "It's a Secret to Everybody",
        signature: 'sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17',
      },
      output: {
        valid: true,
        scheme: 'github',
        algorithm: 'sha256',
        signatureMatches: true,
        timestampWithinTolerance: null,
        reason: null,
        detail: 'The sha256 HMAC of the payload matches the signature.',
        signaturesChecked: 1,
        timestamp: null,
        signedAt: null,
      },
    },
    {
      title: 'Standard Webhooks reference vector (tolerance off)',
      reference: "the Standard Webhooks reference libraries' test vector",
      input: {
        payload: '{"test": 2432232314}',
        secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
        signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
        id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
        timestamp: '1614265330',
        toleranceSeconds: 0,
      },
      output: {
        valid: true,
        scheme: 'standard',
        algorithm: 'sha256',
        signatureMatches: true,
        timestampWithinTolerance: null,
        reason: null,
        detail: 'The sha256 HMAC of "id.timestamp.payload" matches signature 1 of 1; the timestamp check is off (toleranceSeconds 0).',
        signaturesChecked: 1,
        timestamp: 1614265330,
        signedAt: '2021-02-25T15:02:10.000Z',
      },
    },
    {
      title: 'a tampered payload does not match',
      input: {
        payload: 'Hello, World?',
        secret: "It's a Secret to Everybody",
        signature: 'sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17',
      },
      output: {
        valid: false,
        scheme: 'github',
        algorithm: 'sha256',
        signatureMatches: false,
        timestampWithinTolerance: null,
        reason: 'mismatch',
        detail: MISMATCH_HINT,
        signaturesChecked: 1,
        timestamp: null,
        signedAt: null,
      },
    },
  ],
  run: (input, ctx) => verify(input, ctx),
});

function verify(input: Input, ctx: ToolContext): Verdict {
  const signature = input.signature.trim().replace(/^[A-Za-z][\w-]*:\s*/, '');
  const scheme = input.scheme === 'auto' ? detectScheme(signature) : input.scheme;
  if (input.timestamp !== undefined && (scheme === 'github' || scheme === 'hex' || scheme === 'base64')) {
    ctx.warn(`The ${scheme} scheme signs no timestamp; \`timestamp\` was ignored.`);
  }
  switch (scheme) {
    case 'github':
      return verifyGithub(input, signature);
    case 'stripe':
      return verifyStripe(input, signature, ctx);
    case 'standard':
      return verifyStandard(input, signature, ctx);
    case 'hex':
    case 'base64':
      return verifyBare(input, signature, scheme);
    case 'unknown':
      return malformed('unknown', null, 'The signature format was not recognised; pass `scheme` (github, stripe, standard, hex or base64).');
  }
}

function detectScheme(signature: string): Scheme | 'unknown' {
  if (/^sha(1|256|512)=/i.test(signature)) return 'github';
  if (/(^|,)\s*t=/.test(signature) && /(^|,)\s*v[01]=/.test(signature)) return 'stripe';
  if (/(^|\s)v1[a-z]?,/.test(signature)) return 'standard';
  if (HEX.test(signature) && BY_SIZE[signature.length / 2] !== undefined) return 'hex';
  if (BASE64.test(signature) && BY_SIZE[Buffer.from(signature, 'base64').length] !== undefined) return 'base64';
  return 'unknown';
}

function hmac(algorithm: HmacAlgorithm, key: Buffer | string, content: string): Buffer {
  return createHmac(algorithm, key).update(content, 'utf8').digest();
}

/** Compares every candidate (no early exit) and returns the 1-based index of the first match, 0 if none. */
function firstMatch(expected: Buffer, candidates: readonly (Buffer | null)[]): number {
  let found = 0;
  candidates.forEach((candidate, i) => {
    const equal = candidate !== null && constantTimeEqual(expected, candidate);
    if (equal && found === 0) found = i + 1;
  });
  return found;
}

function decodeHex(value: string): Buffer | null {
  return HEX.test(value) && value.length % 2 === 0 ? Buffer.from(value, 'hex') : null;
}

function decodeBase64(value: string): Buffer | null {
  return BASE64.test(value) ? Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64') : null;
}

function verifyGithub(input: Input, signature: string): Verdict {
  const match = /^(sha1|sha256|sha512)=(.*)$/i.exec(signature);
  if (!match) return malformed('github', 'sha256', 'A GitHub signature looks like "sha256=<64 hex digits>" (X-Hub-Signature-256).');
  const algorithm = (match[1] ?? 'sha256').toLowerCase() as HmacAlgorithm;
  const candidate = decodeHex(match[2] ?? '');
  if (candidate === null || candidate.length !== DIGEST_BYTES[algorithm]) {
    return malformed('github', algorithm, `After "${algorithm}=" GitHub sends ${DIGEST_BYTES[algorithm] * 2} hex digits.`);
  }
  const matched = firstMatch(hmac(algorithm, input.secret, input.payload), [candidate]) > 0;
  return result('github', algorithm, matched, null, null, matched ? `The ${algorithm} HMAC of the payload matches the signature.` : MISMATCH_HINT, 1);
}

function verifyStripe(input: Input, signature: string, ctx: ToolContext): Verdict {
  const items = signature.split(',').map((part) => {
    const eq = part.indexOf('=');
    return eq < 0 ? { key: part.trim(), value: '' } : { key: part.slice(0, eq).trim(), value: part.slice(eq + 1).trim() };
  });
  const t = items.find((i) => i.key === 't')?.value;
  const v1 = items.filter((i) => i.key === 'v1').map((i) => i.value);
  if (t === undefined || !/^\d{1,12}$/.test(t) || v1.length === 0) {
    return malformed('stripe', 'sha256', 'A Stripe-Signature looks like "t=<unix seconds>,v1=<64 hex digits>" (several v1 entries allowed).');
  }
  const timestamp = Number(t);
  if (input.timestamp !== undefined && Number(input.timestamp) !== timestamp) {
    ctx.warn('`timestamp` differs from the t= value inside the Stripe signature; the signed t= value was used.');
  }
  const expected = hmac('sha256', input.secret, `${t}.${input.payload}`);
  const matchedIndex = firstMatch(expected, v1.map(decodeHex));
  const timing = checkTimestamp(timestamp, input.toleranceSeconds, referenceTime(input, ctx), false);
  const what = matchedIndex > 0 ? `The sha256 HMAC of "t.payload" matches v1 signature ${matchedIndex} of ${v1.length}` : MISMATCH_HINT;
  return result('stripe', 'sha256', matchedIndex > 0, timing, timestamp, what, v1.length);
}

function verifyStandard(input: Input, signature: string, ctx: ToolContext): Verdict {
  if (input.id === undefined || input.id === '') throw invalidField('id', 'required for the standard scheme: the webhook-id header');
  if (input.timestamp === undefined) throw invalidField('timestamp', 'required for the standard scheme: the webhook-timestamp header (Unix seconds)');
  const encoded = input.secret.startsWith('whsec_') ? input.secret.slice('whsec_'.length) : input.secret;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded) || encoded.length % 4 === 1) {
    throw invalidField('secret', 'a Standard Webhooks secret is "whsec_" followed by Base64');
  }
  const key = Buffer.from(encoded, 'base64');
  const timestamp = Number(input.timestamp);
  const entries = signature.split(/\s+/).filter(Boolean);
  const v1 = entries.filter((e) => e.startsWith('v1,')).map((e) => e.slice(3));
  if (v1.length === 0) {
    return malformed('standard', 'sha256', 'A webhook-signature is a space-separated list of "v1,<base64>" entries.', timestamp);
  }
  const expected = hmac('sha256', key, `${input.id}.${input.timestamp}.${input.payload}`);
  const matchedIndex = firstMatch(expected, v1.map(decodeBase64));
  const timing = checkTimestamp(timestamp, input.toleranceSeconds, referenceTime(input, ctx), true);
  const what = matchedIndex > 0 ? `The sha256 HMAC of "id.timestamp.payload" matches signature ${matchedIndex} of ${v1.length}` : MISMATCH_HINT;
  return result('standard', 'sha256', matchedIndex > 0, timing, timestamp, what, v1.length);
}

function verifyBare(input: Input, signature: string, scheme: 'hex' | 'base64'): Verdict {
  const bare = signature.replace(/^(md5|sha\d+|sha3-\d+)=/i, '');
  const candidate = scheme === 'hex' ? decodeHex(bare) : decodeBase64(bare);
  if (candidate === null) return malformed(scheme, input.algorithm ?? null, `The signature is not valid ${scheme === 'hex' ? 'hex' : 'Base64'}.`);
  const algorithm = input.algorithm ?? BY_SIZE[candidate.length];
  if (algorithm === undefined) {
    return malformed(scheme, null, `A ${candidate.length}-byte signature matches no HMAC size; pass \`algorithm\`.`);
  }
  if (candidate.length !== DIGEST_BYTES[algorithm]) {
    return malformed(scheme, algorithm, `An HMAC-${algorithm} is ${DIGEST_BYTES[algorithm]} bytes but the signature decodes to ${candidate.length}.`);
  }
  const matched = firstMatch(hmac(algorithm, input.secret, input.payload), [candidate]) > 0;
  return result(scheme, algorithm, matched, null, null, matched ? `The ${algorithm} HMAC of the payload matches the signature.` : MISMATCH_HINT, 1);
}

interface Timing {
  ok: boolean | null;
  reason: Reason | null;
  note: string;
}

/** Stripe's libraries only refuse old timestamps; Standard Webhooks also refuses ones too far ahead. */
/** The time the signed timestamp is checked against: `now` from the input (test vectors), else the clock. */
function referenceTime(input: Input, ctx: ToolContext): Date {
  return input.now === undefined ? ctx.now() : new Date(Number(input.now) * 1000);
}

function checkTimestamp(timestamp: number, tolerance: number, now: Date, refuseFuture: boolean): Timing {
  if (tolerance === 0) return { ok: null, reason: null, note: 'the timestamp check is off (toleranceSeconds 0)' };
  const age = Math.floor(now.getTime() / 1000) - timestamp;
  if (age > tolerance)
    return {
      ok: false,
      reason: 'timestamp_expired',
      note: `the timestamp is ${age} s old, more than the ${tolerance} s tolerance (a replay or a delayed delivery)`,
    };
  if (refuseFuture && -age > tolerance) {
    return {
      ok: false,
      reason: 'timestamp_in_future',
      note: `the timestamp is ${-age} s ahead of now, more than the ${tolerance} s tolerance (check the clocks)`,
    };
  }
  return { ok: true, reason: null, note: `the timestamp is within the ${tolerance} s tolerance` };
}

function result(
  scheme: Scheme,
  algorithm: HmacAlgorithm,
  matched: boolean,
  timing: Timing | null,
  timestamp: number | null,
  what: string,
  checked: number,
): Verdict {
  const reason: Reason | null = matched ? (timing?.reason ?? null) : 'mismatch';
  const detail = matched && timing ? `${what}; ${timing.note}.` : what;
  return {
    valid: matched && timing?.ok !== false,
    scheme,
    algorithm,
    signatureMatches: matched,
    timestampWithinTolerance: timing?.ok ?? null,
    reason,
    detail,
    signaturesChecked: checked,
    timestamp,
    signedAt: timestamp === null ? null : isoSeconds(timestamp),
  };
}

function malformed(scheme: Scheme | 'unknown', algorithm: HmacAlgorithm | null, detail: string, timestamp: number | null = null): Verdict {
  return {
    valid: false,
    scheme,
    algorithm,
    signatureMatches: false,
    timestampWithinTolerance: null,
    reason: 'malformed',
    detail,
    signaturesChecked: 0,
    timestamp,
    signedAt: timestamp === null ? null : isoSeconds(timestamp),
  };
}

function isoSeconds(seconds: number): string | null {
  const date = new Date(seconds * 1000);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
