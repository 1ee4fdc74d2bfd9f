import { randomInt } from 'node:crypto';
import { z } from 'zod';
import { invalidField } from '../../core/errors.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { countField } from '../../registry/fields.ts';

/** Symbols without quotes, backslash, backtick or space: a password can be single-quoted in a shell and quoted in JSON, YAML or .env files without escaping. */
const CLASSES = {
  uppercase: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  lowercase: 'abcdefghijklmnopqrstuvwxyz',
  digits: '0123456789',
  symbols: '!#$%&()*+,-./:;<=>?@[]^_{|}~',
} as const;
type ClassName = keyof typeof CLASSES;
const CLASS_NAMES = Object.keys(CLASSES) as ClassName[];
/** Characters easily confused with one another in many fonts. */
const AMBIGUOUS = 'Il1|O0o';

const STRENGTHS = ['weak', 'fair', 'strong', 'very strong'] as const;
type Strength = (typeof STRENGTHS)[number];

/** Beyond this many rejected draws (practically unreachable: see `draw`) the request is refused rather than spin. */
const MAX_DRAWS = 100_000;

export default defineTool({
  module: 'security-apis',
  slug: 'secure-password-generator',
  title: 'Secure password generator',
  description:
    'Generates random passwords from a cryptographically secure generator (Node crypto.randomInt, which has no ' +
    'modulo bias). Choose the length (4–256, default 16), how many (1–100), and the character classes: uppercase, ' +
    'lowercase, digits and symbols (all on by default; symbols are !#$%&()*+,-./:;<=>?@[]^_{|}~ — no quotes, ' +
    'backslash, backtick or space, so a password can be single-quoted in a shell and quoted in JSON, YAML or .env ' +
    'files without escaping). Every password ' +
    'contains at least one character of each chosen class; it is drawn uniformly among all such passwords ' +
    '(rejection sampling), so the reported entropy is exact: log2 of the number of possible passwords. ' +
    '`excludeAmbiguous` drops look-alikes (I l 1 | O 0 o); `exclude` drops any characters you name. ' +
    'Nothing is stored or logged.',
  keywords: ['password generator', 'random password', 'strong password', 'secure password', 'passphrase', 'csprng', 'entropy'],
  input: () =>
    z.object({
      length: countField('Characters per password', 4, 256).default(16),
      count: countField('How many passwords', 1, 100).default(1),
      uppercase: z.boolean().default(true).describe('Include A–Z (default true)'),
      lowercase: z.boolean().default(true).describe('Include a–z (default true)'),
      digits: z.boolean().default(true).describe('Include 0–9 (default true)'),
      symbols: z.boolean().default(true).describe('Include symbols !#$%&()*+,-./:;<=>?@[]^_{|}~ (default true)'),
      excludeAmbiguous: z.boolean().default(false).describe('Leave out look-alike characters I l 1 | O 0 o (default false)'),
      exclude: z.string().max(200, 'at most 200 characters').default('').describe('Further characters never to use, e.g. "{}[]"'),
    }),
  output: () =>
    z.object({
      password: z.string().describe('The first password (the only one when count is 1)'),
      passwords: z.array(z.string()).describe('All generated passwords'),
      length: z.number().int().describe('Characters per password'),
      alphabetSize: z.number().int().describe('How many distinct characters a position may hold'),
      classes: z
        .array(z.object({ name: z.enum(CLASS_NAMES as [ClassName, ...ClassName[]]), characters: z.string().describe('The characters of this class in use') }))
        .describe('The character classes used; each password has at least one of each'),
      entropyBits: z.number().describe('Bits of entropy per password, exact for this generator (2 decimals)'),
      strength: z.enum(STRENGTHS).describe('weak < 50 bits ≤ fair < 80 ≤ strong < 128 ≤ very strong'),
    }),
  examples: [
    { title: 'default: 16 characters, all classes', input: {} },
    { title: 'five 24-character passwords without look-alikes', input: { length: 24, count: 5, excludeAmbiguous: true } },
    { title: 'a 6-digit PIN', input: { length: 6, uppercase: false, lowercase: false, symbols: false } },
  ],
  run: (input) => {
    const excluded = new Set([...input.exclude, ...(input.excludeAmbiguous ? AMBIGUOUS : '')]);
    const classes = CLASS_NAMES.filter((name) => input[name]).map((name) => ({
      name,
      characters: [...CLASSES[name]].filter((c) => !excluded.has(c)).join(''),
    }));
    if (classes.length === 0) throw invalidField('uppercase', 'at least one of uppercase, lowercase, digits or symbols must be true');
    const emptied = classes.find((c) => c.characters.length === 0);
    if (emptied) throw invalidField('exclude', `leaves no ${emptied.name} characters; turn ${emptied.name} off or exclude fewer characters`);
    if (input.length < classes.length) {
      throw invalidField('length', `must be at least ${classes.length} to hold one character of each of the ${classes.length} chosen classes`);
    }
    const alphabet = classes.map((c) => c.characters).join('');
    const passwords = Array.from({ length: input.count }, () =>
      draw(
        alphabet,
        classes.map((c) => c.characters),
        input.length,
      ),
    );
    const entropyBits =
      Math.round(
        log2(
          validCount(
            classes.map((c) => c.characters.length),
            input.length,
          ),
        ) * 100,
      ) / 100;
    return {
      password: passwords[0] ?? '',
      passwords,
      length: input.length,
      alphabetSize: alphabet.length,
      classes,
      entropyBits,
      strength: strengthOf(entropyBits),
    };
  },
});

/** weak < 50 bits ≤ fair < 80 ≤ strong < 128 ≤ very strong. */
function strengthOf(bits: number): Strength {
  return bits < 50 ? 'weak' : bits < 80 ? 'fair' : bits < 128 ? 'strong' : 'very strong';
}

/**
 * Draws each character uniformly from the whole alphabet (randomInt is unbiased) and starts over when a class is
 * missing: the result is uniform among all passwords that have every class. With the default classes the worst
 * case (length 4) succeeds on about one draw in fifteen; long `exclude` lists that shrink a class to one character
 * still need only a few thousand draws at most, far below MAX_DRAWS.
 */
function draw(alphabet: string, classes: readonly string[], length: number): string {
  for (let attempt = 0; attempt < MAX_DRAWS; attempt++) {
    let password = '';
    for (let i = 0; i < length; i++) password += alphabet[randomInt(alphabet.length)];
    if (classes.every((chars) => [...chars].some((c) => password.includes(c)))) return password;
  }
  throw invalidField('length', 'too short for the chosen classes; make it longer');
}

/** Passwords of `length` over the union of classes that contain at least one character of each (inclusion–exclusion). */
function validCount(sizes: readonly number[], length: number): bigint {
  const total = sizes.reduce((a, b) => a + b, 0);
  let count = 0n;
  for (let mask = 0; mask < 1 << sizes.length; mask++) {
    let missing = 0;
    let bits = 0;
    sizes.forEach((size, i) => {
      if (mask & (1 << i)) {
        missing += size;
        bits++;
      }
    });
    const term = BigInt(total - missing) ** BigInt(length);
    count += bits % 2 === 0 ? term : -term;
  }
  return count;
}

/** log2 of a positive bigint, to double precision. */
function log2(value: bigint): number {
  const bitLength = value.toString(2).length;
  if (bitLength <= 52) return Math.log2(Number(value));
  const shift = BigInt(bitLength - 52);
  return Math.log2(Number(value >> shift)) + Number(shift);
}
