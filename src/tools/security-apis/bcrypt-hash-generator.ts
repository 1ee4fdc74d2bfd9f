import type * as Argon2 from '@node-rs/argon2';
import type * as Bcrypt from 'bcryptjs';
import { z } from 'zod';
import { invalidField, ToolError } from '../../core/errors.ts';
import type { ToolContext } from '../../core/context.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { lazy } from '../../lib/lazy.ts';

const argon2 = lazy<typeof Argon2>('@node-rs/argon2');
const bcryptjs = lazy<typeof Bcrypt>('bcryptjs');

/**
 * Cost bounds: one call must not hog the CPU or memory. bcrypt runs in pure JS (in the CPU worker pool, so never on
 * the server's event loop): cost 14 takes about 3 s, each step doubles it. Argon2 runs on the libuv thread pool: 64 MiB × 4 passes
 * takes about 0.4 s.
 */
const BCRYPT_MIN_ROUNDS = 4;
const BCRYPT_MAX_ROUNDS = 14;
const BCRYPT_DEFAULT_ROUNDS = 10;
const ARGON2_MAX_MEMORY_KIB = 65_536;
const ARGON2_MAX_TIME = 4;
const ARGON2_MAX_PARALLELISM = 8;
/** Verifying may meet hashes made with more passes over less memory (OWASP's m=7168, t=5): the same work budget applies. */
const ARGON2_VERIFY_MAX_TIME = 10;
const ARGON2_MAX_WORK = ARGON2_MAX_MEMORY_KIB * ARGON2_MAX_TIME;
const ARGON2_DEFAULTS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
/** OWASP Password Storage Cheat Sheet: Argon2id configurations of equal strength (memory KiB, passes). */
const OWASP_ARGON2ID: readonly (readonly [number, number])[] = [
  [47_104, 1],
  [19_456, 2],
  [12_288, 3],
  [9_216, 4],
  [7_168, 5],
];
const OWASP_BCRYPT_MIN_ROUNDS = 10;

const ALGORITHMS = ['bcrypt', 'argon2id'] as const;
const VERIFIED_ALGORITHMS = ['bcrypt', 'argon2id', 'argon2i', 'argon2d'] as const;
type VerifiedAlgorithm = (typeof VERIFIED_ALGORITHMS)[number];
const ARGON2_NAMES: Record<number, VerifiedAlgorithm> = { 0: 'argon2d', 1: 'argon2i', 2: 'argon2id' };
const ARGON2ID = 2;

/** bcrypt's own Base64 alphabet; a salt is 22 of these characters (128 bits). */
const BCRYPT_SALT = /^[./A-Za-z0-9]{22}$/;
const BCRYPT_HASH = /^\$2[aby]\$(\d\d)\$[./A-Za-z0-9]{53}$/;
const ARGON2_HASH =
  /^\$argon2(?:id|i|d)\$(?:v=\d{1,3}\$)?m=\d{1,10},t=\d{1,10},p=\d{1,3}(?:,[a-z]+=[A-Za-z0-9+/]{0,200})*\$[A-Za-z0-9+/]{11,128}\$[A-Za-z0-9+/]{6,700}$/;

const parametersSchema = z.object({
  version: z.string().describe('bcrypt: the variant (2a, 2b, 2y); Argon2: the version (19 = 0x13, the current one; 16 = 0x10)'),
  rounds: z.number().int().nullable().describe('bcrypt cost: 2^rounds iterations (null for Argon2)'),
  memoryKiB: z.number().int().nullable().describe('Argon2 memory in KiB (null for bcrypt)'),
  timeCost: z.number().int().nullable().describe('Argon2 passes over the memory (null for bcrypt)'),
  parallelism: z.number().int().nullable().describe('Argon2 lanes (null for bcrypt)'),
  saltBytes: z.number().int().describe('Salt length in bytes (bcrypt: 16)'),
  outputBytes: z.number().int().describe('Hash length in bytes (bcrypt: 23)'),
});
type Parameters = z.infer<typeof parametersSchema>;

const outputSchema = z.object({
  mode: z.enum(['hash', 'verify']).describe('What was done'),
  algorithm: z.enum(VERIFIED_ALGORITHMS).describe('bcrypt or argon2id (verify also reads argon2i and argon2d hashes)'),
  hash: z.string().describe('hash mode: the new hash to store (self-describing: algorithm, cost and salt are inside it); verify mode: the hash checked'),
  match: z.boolean().nullable().describe('verify mode: whether the password matches the hash; null in hash mode'),
  parameters: parametersSchema.describe('The cost parameters and sizes in the hash'),
  passwordBytes: z.number().int().describe('Length of the password in UTF-8 bytes'),
  truncated: z.boolean().describe('bcrypt only reads the first 72 bytes: true when the password is longer, so the rest does not count'),
  meetsOwaspMinimum: z
    .boolean()
    .describe('Whether the parameters reach the OWASP Password Storage Cheat Sheet minimum (bcrypt cost ≥ 10; Argon2id m=19 MiB/t=2 or an equivalent)'),
  recommendation: z.string().describe('Whether to keep or strengthen (rehash) these parameters'),
});
type Output = z.infer<typeof outputSchema>;

export default defineTool({
  module: 'security-apis',
  slug: 'bcrypt-hash-generator',
  cpu: 'always',
  title: 'Password hash generator and verifier (bcrypt, Argon2id)',
  description:
    'Hashes a password for storage, or checks a password against a stored hash. `mode: "hash"` (default) returns a ' +
    'new self-describing hash with a random salt: bcrypt ($2b$, cost `rounds` 4–14, default 10) or Argon2id ' +
    '(RFC 9106, PHC string $argon2id$v=19$m=…,t=…,p=…; default m=19456 KiB, t=2, p=1 as OWASP recommends; ' +
    'memory up to 64 MiB, passes up to 4, lanes up to 8). `mode: "verify"` compares `password` with `hash` in ' +
    'constant time and reads the algorithm and cost from the hash (bcrypt $2a$/$2b$/$2y$, Argon2id, Argon2i, ' +
    'Argon2d; hashes costlier than the limits above are refused). Either way the result lists the parameters, ' +
    "whether they meet the OWASP minimum (so you know when to rehash), and whether bcrypt's 72-byte limit cut the " +
    'password. `salt` fixes the salt only to reproduce test vectors. bcrypt uses bcryptjs, Argon2 the Rust ' +
    'argon2 crate (@node-rs/argon2). The password is never echoed or logged. For fast digests use ' +
    'hash-generator; for strength use password-strength-checker.',
  keywords: ['bcrypt', 'argon2', 'argon2id', 'password hash', 'hash password', 'verify password', 'phc', 'kdf', 'salt', 'rehash'],
  input: () =>
    z.object({
      password: z.string().min(1, 'must not be empty').max(1024, 'at most 1,024 characters').describe('The password to hash or check (never echoed or logged)'),
      mode: z.enum(['hash', 'verify']).default('hash').describe('hash (default): make a new hash; verify: check `password` against `hash`'),
      algorithm: z.enum(ALGORITHMS).optional().describe('bcrypt (default for hash mode) or argon2id; in verify mode it is read from `hash`'),
      hash: z
        .string()
        .max(1000, 'at most 1,000 characters')
        .optional()
        .describe('verify mode: the stored hash, e.g. "$2b$10$…" or "$argon2id$v=19$m=19456,t=2,p=1$…"'),
      rounds: z
        .number()
        .int('a whole number')
        .min(BCRYPT_MIN_ROUNDS, `at least ${BCRYPT_MIN_ROUNDS}`)
        .max(BCRYPT_MAX_ROUNDS, `at most ${BCRYPT_MAX_ROUNDS}`)
        .optional()
        .describe(`bcrypt cost (${BCRYPT_MIN_ROUNDS}–${BCRYPT_MAX_ROUNDS}, default ${BCRYPT_DEFAULT_ROUNDS}): 2^rounds iterations; each step doubles the time`),
      memoryCost: z
        .number()
        .int('a whole number of KiB')
        .min(8, 'at least 8 KiB')
        .max(ARGON2_MAX_MEMORY_KIB, `at most ${ARGON2_MAX_MEMORY_KIB} KiB (64 MiB)`)
        .optional()
        .describe(`Argon2id memory in KiB (8–${ARGON2_MAX_MEMORY_KIB}, default ${ARGON2_DEFAULTS.memoryCost} = 19 MiB)`),
      timeCost: z
        .number()
        .int('a whole number')
        .min(1, 'at least 1')
        .max(ARGON2_MAX_TIME, `at most ${ARGON2_MAX_TIME}`)
        .optional()
        .describe(`Argon2id passes over the memory (1–${ARGON2_MAX_TIME}, default ${ARGON2_DEFAULTS.timeCost})`),
      parallelism: z
        .number()
        .int('a whole number')
        .min(1, 'at least 1')
        .max(ARGON2_MAX_PARALLELISM, `at most ${ARGON2_MAX_PARALLELISM}`)
        .optional()
        .describe(`Argon2id lanes (1–${ARGON2_MAX_PARALLELISM}, default ${ARGON2_DEFAULTS.parallelism})`),
      salt: z
        .string()
        .max(64, 'at most 64 characters')
        .optional()
        .describe(
          'Only to reproduce test vectors — omit it for real hashes, which need a fresh random salt. bcrypt: 22 characters of ' +
            './A-Za-z0-9; Argon2id: 8–64 characters of text, used as UTF-8 bytes',
        ),
    }),
  output: () => outputSchema,
  examples: [
    {
      title: 'bcrypt of "U*U" with the OpenBSD test salt reproduces the published hash',
      reference: 'OpenBSD bcrypt test vectors (Openwall crypt_blowfish wrapper.c)',
      input: { password: 'U*U', rounds: 5, salt: 'CCCCCCCCCCCCCCCCCCCCC.' },
      output: {
        mode: 'hash',
        algorithm: 'bcrypt',
        hash: '$2b$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW',
        match: null,
        parameters: { version: '2b', rounds: 5, memoryKiB: null, timeCost: null, parallelism: null, saltBytes: 16, outputBytes: 23 },
        passwordBytes: 3,
        truncated: false,
        meetsOwaspMinimum: false,
        recommendation: 'Too weak for storage: use a bcrypt cost of at least 10 (OWASP), or Argon2id.',
      },
    },
    {
      title: 'verify a password against the OpenBSD bcrypt test vector',
      reference: 'OpenBSD bcrypt test vectors (Openwall crypt_blowfish wrapper.c)',
      input: { password: 'U*U', mode: 'verify', hash: '$2a$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW' },
      output: {
        mode: 'verify',
        algorithm: 'bcrypt',
        hash: '$2a$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW',
        match: true,
        parameters: { version: '2a', rounds: 5, memoryKiB: null, timeCost: null, parallelism: null, saltBytes: 16, outputBytes: 23 },
        passwordBytes: 3,
        truncated: false,
        meetsOwaspMinimum: false,
        recommendation: 'The password matches, but the hash is weaker than the OWASP minimum (bcrypt cost 10): rehash it now, while you have the password.',
      },
    },
    {
      title: "Argon2id with a fixed salt reproduces the reference implementation's test vector",
      reference: 'the Argon2 reference implementation (P-H-C/phc-winner-argon2) test vector',
      input: { password: 'password', algorithm: 'argon2id', memoryCost: 65536, timeCost: 2, parallelism: 1, salt: 'somesalt' },
      output: {
        mode: 'hash',
        algorithm: 'argon2id',
        hash: '$argon2id$v=19$m=65536,t=2,p=1$c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc',
        match: null,
        parameters: { version: '19', rounds: null, memoryKiB: 65536, timeCost: 2, parallelism: 1, saltBytes: 8, outputBytes: 32 },
        passwordBytes: 8,
        truncated: false,
        meetsOwaspMinimum: true,
        recommendation: 'Meets the OWASP minimum for Argon2id (19 MiB with 2 passes, or an equivalent).',
      },
    },
    {
      title: 'a wrong password does not match an Argon2id hash',
      input: { password: 'Password', mode: 'verify', hash: '$argon2id$v=19$m=256,t=2,p=1$c29tZXNhbHQ$nf65EOgLrQMR/uIPnA4rEsF5h7TKyQwu9U1bMCHGi/4' },
      output: {
        mode: 'verify',
        algorithm: 'argon2id',
        hash: '$argon2id$v=19$m=256,t=2,p=1$c29tZXNhbHQ$nf65EOgLrQMR/uIPnA4rEsF5h7TKyQwu9U1bMCHGi/4',
        match: false,
        parameters: { version: '19', rounds: null, memoryKiB: 256, timeCost: 2, parallelism: 1, saltBytes: 8, outputBytes: 32 },
        passwordBytes: 8,
        truncated: false,
        meetsOwaspMinimum: false,
        recommendation:
          'The password does not match. This hash is also weaker than the OWASP minimum (Argon2id m=19 MiB, t=2 or an equivalent): rehash at the next successful login.',
      },
    },
  ],
  timeoutMs: 20_000,
  run: async (input, ctx) => (input.mode === 'hash' ? makeHash(input, ctx) : verifyHash(input, ctx)),
});

interface Input {
  password: string;
  mode: 'hash' | 'verify';
  algorithm?: (typeof ALGORITHMS)[number] | undefined;
  hash?: string | undefined;
  rounds?: number | undefined;
  memoryCost?: number | undefined;
  timeCost?: number | undefined;
  parallelism?: number | undefined;
  salt?: string | undefined;
}

async function makeHash(input: Input, ctx: ToolContext): Promise<Output> {
  if (input.hash !== undefined) ctx.warn('`hash` is only read in verify mode; a new hash was made.');
  const algorithm = input.algorithm ?? 'bcrypt';
  if (input.salt !== undefined)
    ctx.warn('A fixed salt was used: only do this to reproduce test vectors. Stored hashes need a fresh random salt (omit `salt`).');
  return algorithm === 'bcrypt' ? hashBcrypt(input, ctx) : hashArgon2id(input, ctx);
}

async function hashBcrypt(input: Input, ctx: ToolContext): Promise<Output> {
  const ignored = (['memoryCost', 'timeCost', 'parallelism'] as const).filter((k) => input[k] !== undefined);
  if (ignored.length > 0) ctx.warn(`${ignored.join(', ')} only apply to Argon2id and were ignored.`);
  const rounds = input.rounds ?? BCRYPT_DEFAULT_ROUNDS;
  let salt: string;
  if (input.salt === undefined) salt = await bcryptjs().genSalt(rounds);
  else if (BCRYPT_SALT.test(input.salt)) salt = `$2b$${String(rounds).padStart(2, '0')}$${input.salt}`;
  else throw invalidField('salt', 'a bcrypt salt is 22 characters of ./A-Za-z0-9');
  const truncated = bcryptjs().truncates(input.password);
  if (truncated) ctx.warn('bcrypt only uses the first 72 bytes of the password; the rest does not count. Use Argon2id for longer passwords.');
  const hash = await bcryptjs().hash(input.password, salt);
  const ok = rounds >= OWASP_BCRYPT_MIN_ROUNDS;
  return {
    mode: 'hash',
    algorithm: 'bcrypt',
    hash,
    match: null,
    parameters: bcryptParameters(hash),
    passwordBytes: Buffer.byteLength(input.password, 'utf8'),
    truncated,
    meetsOwaspMinimum: ok,
    recommendation: ok
      ? `Meets the OWASP minimum for bcrypt (cost ${OWASP_BCRYPT_MIN_ROUNDS}); raise the cost as far as your login latency allows.`
      : `Too weak for storage: use a bcrypt cost of at least ${OWASP_BCRYPT_MIN_ROUNDS} (OWASP), or Argon2id.`,
  };
}

async function hashArgon2id(input: Input, ctx: ToolContext): Promise<Output> {
  if (input.rounds !== undefined) ctx.warn('`rounds` only applies to bcrypt and was ignored.');
  const memoryCost = input.memoryCost ?? ARGON2_DEFAULTS.memoryCost;
  const timeCost = input.timeCost ?? ARGON2_DEFAULTS.timeCost;
  const parallelism = input.parallelism ?? ARGON2_DEFAULTS.parallelism;
  if (memoryCost < 8 * parallelism)
    throw invalidField('memoryCost', `Argon2 needs at least 8 KiB per lane: at least ${8 * parallelism} for parallelism ${parallelism}`);
  let salt: Buffer | undefined;
  if (input.salt !== undefined) {
    salt = Buffer.from(input.salt, 'utf8');
    if (salt.length < 8) throw invalidField('salt', 'an Argon2 salt is at least 8 bytes (16 random bytes are recommended)');
  }
  const hash = await argon2().hash(input.password, { algorithm: ARGON2ID, memoryCost, timeCost, parallelism, ...(salt ? { salt } : {}) }, ctx.signal);
  const parameters = argon2Parameters(hash);
  const ok = meetsArgon2Minimum('argon2id', memoryCost, timeCost);
  return {
    mode: 'hash',
    algorithm: 'argon2id',
    hash,
    match: null,
    parameters,
    passwordBytes: Buffer.byteLength(input.password, 'utf8'),
    truncated: false,
    meetsOwaspMinimum: ok,
    recommendation: ok
      ? 'Meets the OWASP minimum for Argon2id (19 MiB with 2 passes, or an equivalent).'
      : 'Too weak for storage: OWASP asks for at least m=19456 KiB with t=2 (or 12288/3, 9216/4, 7168/5, 47104/1).',
  };
}

async function verifyHash(input: Input, ctx: ToolContext): Promise<Output> {
  const stored = input.hash?.trim();
  if (stored === undefined || stored === '') throw invalidField('hash', 'required in verify mode: the stored bcrypt ($2b$…) or Argon2 ($argon2id$…) hash');
  const ignored = (['rounds', 'memoryCost', 'timeCost', 'parallelism', 'salt'] as const).filter((k) => input[k] !== undefined);
  if (ignored.length > 0) ctx.warn(`${ignored.join(', ')} ${ignored.length === 1 ? 'was' : 'were'} ignored: verify mode reads the parameters from the hash.`);
  const bcryptMatch = BCRYPT_HASH.exec(stored);
  if (bcryptMatch) {
    if (input.algorithm === 'argon2id') throw invalidField('algorithm', 'argon2id does not fit a bcrypt hash ($2…$); leave algorithm out in verify mode');
    const rounds = Number(bcryptMatch[1]);
    if (rounds < BCRYPT_MIN_ROUNDS || rounds > 31) throw invalidField('hash', 'a bcrypt cost must be between 04 and 31');
    if (rounds > BCRYPT_MAX_ROUNDS)
      throw invalidField('hash', `bcrypt cost ${rounds} is over this API's limit of ${BCRYPT_MAX_ROUNDS} (each step doubles the work)`);
    const match = await bcryptjs().compare(input.password, stored);
    const ok = rounds >= OWASP_BCRYPT_MIN_ROUNDS;
    const truncated = bcryptjs().truncates(input.password);
    return {
      mode: 'verify',
      algorithm: 'bcrypt',
      hash: stored,
      match,
      parameters: bcryptParameters(stored),
      passwordBytes: Buffer.byteLength(input.password, 'utf8'),
      truncated,
      meetsOwaspMinimum: ok,
      recommendation: verifyAdvice(match, ok, `bcrypt cost ${OWASP_BCRYPT_MIN_ROUNDS}`),
    };
  }
  if (!ARGON2_HASH.test(stored)) {
    throw invalidField('hash', 'not a bcrypt ($2a$/$2b$/$2y$ + cost + 53 characters) or Argon2 PHC hash ($argon2id$v=19$m=…,t=…,p=…$salt$hash)');
  }
  if (input.algorithm === 'bcrypt') throw invalidField('algorithm', 'bcrypt does not fit an Argon2 hash; leave algorithm out in verify mode');
  let options: ReturnType<typeof Argon2.parseOptions>;
  try {
    options = argon2().parseOptions(stored);
  } catch {
    throw invalidField('hash', 'the Argon2 hash cannot be decoded: check the m, t, p values and the Base64 salt and hash');
  }
  const algorithm = ARGON2_NAMES[options.algorithm] ?? 'argon2id';
  if (options.memoryCost > ARGON2_MAX_MEMORY_KIB)
    throw invalidField('hash', `m=${options.memoryCost} KiB is over this API's limit of ${ARGON2_MAX_MEMORY_KIB} KiB (64 MiB)`);
  if (options.timeCost > ARGON2_VERIFY_MAX_TIME || options.memoryCost * options.timeCost > ARGON2_MAX_WORK) {
    throw invalidField('hash', `m × t = ${options.memoryCost * options.timeCost} is over this API's work limit of ${ARGON2_MAX_WORK} KiB-passes (64 MiB × 4)`);
  }
  if (options.parallelism > ARGON2_MAX_PARALLELISM)
    throw invalidField('hash', `p=${options.parallelism} is over this API's limit of ${ARGON2_MAX_PARALLELISM} lanes`);
  let match: boolean;
  try {
    match = await argon2().verify(stored, input.password, undefined, ctx.signal);
  } catch (error) {
    if (ctx.signal.aborted) throw error;
    throw new ToolError('validation_failed', 'hash: the Argon2 hash cannot be verified: its parameters or encoding are invalid');
  }
  const ok = meetsArgon2Minimum(algorithm, options.memoryCost, options.timeCost);
  if (algorithm !== 'argon2id') ctx.warn(`${algorithm} is not the recommended variant; RFC 9106 and OWASP recommend Argon2id.`);
  return {
    mode: 'verify',
    algorithm,
    hash: stored,
    match,
    parameters: argon2Parameters(stored),
    passwordBytes: Buffer.byteLength(input.password, 'utf8'),
    truncated: false,
    meetsOwaspMinimum: ok,
    recommendation: verifyAdvice(match, ok, 'Argon2id m=19 MiB, t=2 or an equivalent'),
  };
}

function verifyAdvice(match: boolean, strongEnough: boolean, minimum: string): string {
  if (match) {
    return strongEnough
      ? 'The password matches, and the hash meets the OWASP minimum.'
      : `The password matches, but the hash is weaker than the OWASP minimum (${minimum}): rehash it now, while you have the password.`;
  }
  return strongEnough
    ? 'The password does not match.'
    : `The password does not match. This hash is also weaker than the OWASP minimum (${minimum}): rehash at the next successful login.`;
}

function meetsArgon2Minimum(algorithm: VerifiedAlgorithm, memoryKiB: number, passes: number): boolean {
  return algorithm === 'argon2id' && OWASP_ARGON2ID.some(([m, t]) => memoryKiB >= m && passes >= t);
}

function bcryptParameters(hash: string): Parameters {
  return {
    version: hash.slice(1, 3),
    rounds: bcryptjs().getRounds(hash),
    memoryKiB: null,
    timeCost: null,
    parallelism: null,
    saltBytes: 16,
    outputBytes: 23,
  };
}

function argon2Parameters(hash: string): Parameters {
  const options = argon2().parseOptions(hash);
  return {
    version: options.version === 0 ? '16' : '19',
    rounds: null,
    memoryKiB: options.memoryCost,
    timeCost: options.timeCost,
    parallelism: options.parallelism,
    saltBytes: options.saltLen,
    outputBytes: options.outputLen,
  };
}
