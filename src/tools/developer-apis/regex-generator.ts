import { z } from 'zod';
import { invalidField } from '../../core/errors.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { oneOfFields } from '../../registry/fields.ts';

type Part = [token: string, meaning: string];

const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';

/** Curated patterns: linear-time (no nested ambiguous quantifiers), valid with the u flag. */
const PRESETS: Record<string, { title: string; parts: Part[]; note?: string }> = {
  email: {
    title: 'E-mail address (WHATWG HTML form rules, dotted domain)',
    parts: [
      ["[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+", "local part: letters, digits and . ! # $ % & ' * + / = ? ^ _ ` { | } ~ -"],
      ['@', 'an @'],
      [LABEL, 'a domain label: letters/digits, hyphens inside, up to 63 characters'],
      [`(?:\\.${LABEL})+`, 'one or more further ".label" parts (so a TLD is required)'],
    ],
    note: 'Checks the shape only; whether the mailbox exists needs a confirmation e-mail.',
  },
  url: {
    title: 'http(s) URL with a domain name',
    parts: [
      ['https?:\\/\\/', 'http:// or https://'],
      [`(?:${LABEL}\\.)+`, 'one or more domain labels followed by a dot'],
      ['[A-Za-z]{2,63}', 'a top-level domain of 2–63 letters'],
      ['(?::\\d{1,5})?', 'an optional :port'],
      ['(?:[/?#]\\S*)?', 'an optional path, query or fragment (no spaces)'],
    ],
    note: 'IP-address hosts and localhost are not matched.',
  },
  uuid: {
    title: 'UUID (RFC 9562, versions 1–8)',
    parts: [
      ['[0-9a-fA-F]{8}', '8 hex digits'],
      ['-[0-9a-fA-F]{4}', 'a hyphen and 4 hex digits'],
      ['-[1-8][0-9a-fA-F]{3}', 'a hyphen, the version digit 1–8 and 3 hex digits'],
      ['-[89abAB][0-9a-fA-F]{3}', 'a hyphen, the variant digit 8, 9, a or b and 3 hex digits'],
      ['-[0-9a-fA-F]{12}', 'a hyphen and 12 hex digits'],
    ],
  },
  ipv4: {
    title: 'IPv4 address (dotted decimal, 0–255, no leading zeros)',
    parts: [
      [`(?:${OCTET}\\.){3}`, 'three numbers 0–255, each followed by a dot'],
      [OCTET, 'a fourth number 0–255'],
    ],
  },
  'date-iso': {
    title: 'Date YYYY-MM-DD (ISO 8601)',
    parts: [
      ['\\d{4}', 'a 4-digit year'],
      ['-(?:0[1-9]|1[0-2])', 'a hyphen and month 01–12'],
      ['-(?:0[1-9]|[12]\\d|3[01])', 'a hyphen and day 01–31'],
    ],
    note: 'Does not check the number of days in the month (2024-02-31 matches); validate the date itself in code.',
  },
  'time-24h': {
    title: 'Time HH:MM or HH:MM:SS (24-hour)',
    parts: [
      ['(?:[01]\\d|2[0-3])', 'hours 00–23'],
      [':[0-5]\\d', 'a colon and minutes 00–59'],
      ['(?::[0-5]\\d)?', 'optional colon and seconds 00–59'],
    ],
  },
  'hex-color': {
    title: 'CSS hex colour (#rgb, #rgba, #rrggbb, #rrggbbaa)',
    parts: [
      ['#', 'a #'],
      ['(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})', '3, 4, 6 or 8 hex digits'],
    ],
  },
  'phone-e164': {
    title: 'Phone number in E.164 format',
    parts: [
      ['\\+', 'a plus sign'],
      ['[1-9]', 'a country code starting with 1–9'],
      ['\\d{1,14}', 'up to 14 more digits (15 in total)'],
    ],
  },
  slug: {
    title: 'URL slug (lowercase words joined by single hyphens)',
    parts: [
      ['[a-z0-9]+', 'a run of lowercase letters or digits'],
      ['(?:-[a-z0-9]+)*', 'more runs, each after a single hyphen'],
    ],
  },
  semver: {
    title: 'Semantic version (semver.org 2.0.0)',
    parts: [
      ['(0|[1-9]\\d*)\\.(0|[1-9]\\d*)\\.(0|[1-9]\\d*)', 'MAJOR.MINOR.PATCH without leading zeros (captured)'],
      [
        '(?:-((?:0|[1-9]\\d*|\\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\\.(?:0|[1-9]\\d*|\\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?',
        'an optional -pre-release of dot-separated identifiers (captured)',
      ],
      ['(?:\\+([0-9a-zA-Z-]+(?:\\.[0-9a-zA-Z-]+)*))?', 'optional +build metadata (captured)'],
    ],
  },
  'us-zip': {
    title: 'US ZIP or ZIP+4 code',
    parts: [
      ['\\d{5}', '5 digits'],
      ['(?:-\\d{4})?', 'an optional hyphen and 4 digits'],
    ],
  },
  'mac-address': {
    title: 'MAC address (colon or hyphen separated)',
    parts: [
      ['(?:[0-9A-Fa-f]{2}[:-]){5}', 'five hex pairs each followed by : or -'],
      ['[0-9A-Fa-f]{2}', 'a last hex pair'],
    ],
  },
  'strong-password': {
    title: 'Password with lower, upper, digit and symbol, 8+ characters',
    parts: [
      ['(?=.*[a-z])', 'somewhere a lowercase letter'],
      ['(?=.*[A-Z])', 'somewhere an uppercase letter'],
      ['(?=.*\\d)', 'somewhere a digit'],
      ['(?=.*[^A-Za-z0-9])', 'somewhere a symbol'],
      ['.{8,}', 'at least 8 characters in total'],
    ],
  },
};
const PRESET_NAMES = Object.keys(PRESETS) as [string, ...string[]];

const CLASSES: Record<string, [string, string]> = {
  lowercase: ['a-z', 'lowercase letters a–z'],
  uppercase: ['A-Z', 'uppercase letters A–Z'],
  letters: ['A-Za-z', 'letters A–Z, a–z'],
  unicodeLetters: ['\\p{L}', 'letters of any script'],
  digits: ['0-9', 'digits 0–9'],
  underscore: ['_', 'underscore'],
  hyphen: ['\\-', 'hyphen'],
  dot: ['.', 'dot'],
  space: [' ', 'space'],
  whitespace: ['\\s', 'any whitespace'],
};
const CLASS_NAMES = Object.keys(CLASSES) as [string, ...string[]];

/** Escapes text for use outside a character class (valid with the u flag). */
function literal(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
}

/** Escapes text for use inside a character class (valid with the u flag). */
function classLiteral(text: string): string {
  return [...new Set(text)].join('').replace(/[\\\]\[^-]/g, '\\$&');
}

/** The pattern as a regex literal body: every unescaped / gets a backslash. */
function literalBody(pattern: string): string {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch === '\\') {
      out += ch + (pattern[i + 1] ?? '');
      i++;
    } else {
      out += ch === '/' ? '\\/' : ch;
    }
  }
  return out;
}

function quantifier(min: number, max: number | undefined): string {
  if (max === undefined) return min === 0 ? '*' : min === 1 ? '+' : `{${min},}`;
  if (min === max) return min === 1 ? '' : `{${min}}`;
  if (min === 0 && max === 1) return '?';
  return `{${min},${max}}`;
}

function describeQuantifier(min: number, max: number | undefined): string {
  if (max === undefined) return `${min} or more`;
  if (min === max) return `exactly ${min}`;
  return `${min} to ${max}`;
}

/** The rules a pattern is built from when no preset is given. */
const GUIDED = ['startsWith', 'endsWith', 'contains', 'excludes', 'characterClasses', 'extraCharacters', 'minLength', 'maxLength'] as const;

export default defineTool({
  module: 'developer-apis',
  slug: 'regex-generator',
  cpu: 'large-input',
  title: 'Regex generator (guided, no AI)',
  description:
    'Builds a JavaScript regular expression from plain options instead of writing it by hand: a preset (email, url, uuid, ipv4, date-iso, time-24h, hex-color, phone-e164, slug, semver, us-zip, mac-address, strong-password) ' +
    'or rules — starts with, ends with, must contain / must not contain (any order), allowed character classes plus extra characters, minimum and maximum length, case-insensitive. ' +
    'Every piece is explained, literal text is escaped, the result uses the u flag and is built to run in linear time, and it is tested against your sample strings. ' +
    'matchWholeString false gives a pattern for finding matches inside longer text.',
  keywords: ['regex generator', 'regex builder', 'regular expression', 'email regex', 'url regex', 'uuid regex', 'validation pattern', 'regexp'],
  input: () =>
    z
      .object({
        preset: z
          .enum(PRESET_NAMES)
          .optional()
          .describe(`A ready pattern: ${PRESET_NAMES.join(', ')}`),
        startsWith: z.string().min(1).max(200).optional().describe('Text the string must start with (literal)'),
        endsWith: z.string().min(1).max(200).optional().describe('Text the string must end with (literal)'),
        contains: z.array(z.string().min(1).max(200)).max(10).optional().describe('Texts that must all appear, in any order (literal)'),
        excludes: z.array(z.string().min(1).max(200)).max(10).optional().describe('Texts that must not appear (literal)'),
        characterClasses: z
          .array(z.enum(CLASS_NAMES))
          .max(10)
          .optional()
          .describe(`Characters allowed between startsWith and endsWith: ${CLASS_NAMES.join(', ')}. Default: anything except line breaks.`),
        extraCharacters: z.string().max(100).optional().describe('More allowed characters, e.g. "@+"'),
        minLength: z.number().int().min(0).max(10_000).optional().describe('Minimum total length'),
        maxLength: z.number().int().min(1).max(10_000).optional().describe('Maximum total length'),
        caseInsensitive: z.boolean().optional().describe('Ignore case (i flag). Default false.'),
        matchWholeString: z
          .boolean()
          .optional()
          .describe('Anchor with ^…$ to validate a whole string (default true); false finds matches inside text (g flag)'),
        samples: z.array(z.string().max(1_000, 'each at most 1,000 characters')).max(50).optional().describe('Strings to test the pattern against (up to 50)'),
      })
      .refine(...oneOfFields('preset', ...GUIDED)),
  output: () =>
    z.object({
      pattern: z.string().describe('The pattern source, for new RegExp(pattern, flags)'),
      flags: z.string(),
      literal: z.string().describe('As a JavaScript regex literal'),
      explanation: z.array(z.object({ token: z.string(), meaning: z.string() })),
      tests: z.array(
        z.object({ sample: z.string(), matches: z.boolean(), match: z.string().nullable().describe('The matched text (first match when finding)') }),
      ),
      note: z.string().nullable(),
    }),
  examples: [
    {
      title: 'preset: e-mail, tested on samples',
      input: { preset: 'email', samples: ['ada@example.com', 'bad@localhost', 'no-at-sign.com'] },
      output: {
        pattern: `^[A-Za-z0-9.!#$%&'*+/=?^_\`{|}~-]+@${LABEL}(?:\\.${LABEL})+$`,
        flags: 'u',
        literal: `/^[A-Za-z0-9.!#$%&'*+\\/=?^_\`{|}~-]+@${LABEL}(?:\\.${LABEL})+$/u`,
        explanation: [
          { token: '^', meaning: 'start of the string' },
          { token: "[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+", meaning: "local part: letters, digits and . ! # $ % & ' * + / = ? ^ _ ` { | } ~ -" },
          { token: '@', meaning: 'an @' },
          { token: LABEL, meaning: 'a domain label: letters/digits, hyphens inside, up to 63 characters' },
          { token: `(?:\\.${LABEL})+`, meaning: 'one or more further ".label" parts (so a TLD is required)' },
          { token: '$', meaning: 'end of the string' },
        ],
        tests: [
          { sample: 'ada@example.com', matches: true, match: 'ada@example.com' },
          { sample: 'bad@localhost', matches: false, match: null },
          { sample: 'no-at-sign.com', matches: false, match: null },
        ],
        note: 'Checks the shape only; whether the mailbox exists needs a confirmation e-mail.',
      },
    },
    {
      title: 'rules: starts with INV-, digits, contains 2024, 8–12 long',
      input: {
        startsWith: 'INV-',
        characterClasses: ['digits'],
        extraCharacters: '-',
        contains: ['2024'],
        minLength: 8,
        maxLength: 12,
        samples: ['INV-2024-001', 'INV-1999-001', 'inv-2024-001'],
      },
      output: {
        pattern: '^(?=.*2024)INV-[0-9\\-]{4,8}$',
        flags: 'u',
        literal: '/^(?=.*2024)INV-[0-9\\-]{4,8}$/u',
        explanation: [
          { token: '^', meaning: 'start of the string' },
          { token: '(?=.*2024)', meaning: 'somewhere it contains "2024"' },
          { token: 'INV-', meaning: 'starts with "INV-"' },
          { token: '[0-9\\-]{4,8}', meaning: '4 to 8 of: digits 0–9, "-"' },
          { token: '$', meaning: 'end of the string' },
        ],
        tests: [
          { sample: 'INV-2024-001', matches: true, match: 'INV-2024-001' },
          { sample: 'INV-1999-001', matches: false, match: null },
          { sample: 'inv-2024-001', matches: false, match: null },
        ],
        note: null,
      },
    },
  ],
  run: (input) => {
    const whole = input.matchWholeString ?? true;
    const parts: Part[] = [];
    let note: string | null = null;
    if (input.preset !== undefined) {
      const used = GUIDED.find((k) => input[k] !== undefined);
      if (used) throw invalidField(used, 'cannot be combined with preset (use either a preset or rules)');
      const preset = PRESETS[input.preset]!;
      parts.push(...preset.parts);
      note = preset.note ?? null;
    } else {
      const { startsWith = '', endsWith = '', contains = [], excludes = [], minLength = 0, maxLength } = input;
      if (maxLength !== undefined && maxLength < minLength) throw invalidField('maxLength', `must be at least minLength (${minLength})`);
      if (!whole && (contains.length > 0 || excludes.length > 0))
        throw invalidField(contains.length > 0 ? 'contains' : 'excludes', 'needs matchWholeString (the check covers the whole string)');
      for (const text of contains) parts.push([`(?=.*${literal(text)})`, `somewhere it contains "${text}"`]);
      for (const text of excludes) parts.push([`(?!.*${literal(text)})`, `nowhere does it contain "${text}"`]);
      if (startsWith) parts.push([literal(startsWith), `starts with "${startsWith}"`]);
      const fixed = [...startsWith].length + [...endsWith].length;
      const min = Math.max(0, minLength - fixed);
      const max = maxLength === undefined ? undefined : maxLength - fixed;
      if (max !== undefined && max < 0) throw invalidField('maxLength', `is shorter than startsWith + endsWith (${fixed} characters)`);
      const classes = input.characterClasses ?? [];
      const extra = input.extraCharacters ?? '';
      if (classes.length > 0 || extra) {
        const body = classes.map((c) => CLASSES[c]![0]).join('') + classLiteral(extra);
        const names = [...classes.map((c) => CLASSES[c]![1]), ...[...new Set(extra)].map((ch) => `"${ch}"`)];
        parts.push([`[${body}]${quantifier(min, max)}`, `${describeQuantifier(min, max)} of: ${names.join(', ')}`]);
      } else if (min > 0 || max !== 0) {
        parts.push([`.${quantifier(min, max)}`, `${describeQuantifier(min, max)} characters (any except line breaks)`]);
      }
      if (endsWith) parts.push([literal(endsWith), `ends with "${endsWith}"`]);
    }
    if (whole) {
      parts.unshift(['^', 'start of the string']);
      parts.push(['$', 'end of the string']);
    }
    const pattern = parts.map(([token]) => token).join('');
    const flags = `${whole ? '' : 'g'}${input.caseInsensitive ? 'i' : ''}u`;
    const re = new RegExp(pattern, flags);
    const tests = (input.samples ?? []).map((sample) => {
      re.lastIndex = 0;
      const m = re.exec(sample);
      return { sample, matches: m !== null, match: m ? m[0] : null };
    });
    return {
      pattern,
      flags,
      literal: `/${literalBody(pattern)}/${flags}`,
      explanation: parts.map(([token, meaning]) => ({ token, meaning })),
      tests,
      note,
    };
  },
});
