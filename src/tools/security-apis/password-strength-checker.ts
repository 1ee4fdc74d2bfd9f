import type { MatchExtended, ZxcvbnFactory, ZxcvbnResult } from '@zxcvbn-ts/core';
import { z } from 'zod';
import { defineTool } from '../../registry/define-tool.ts';
import { round } from '../../lib/digits.ts';
import { type Finding, findingsField, scoreBreakdownField, scoreField, sortFindings } from './audit.ts';

const MAX_PASSWORD_CHARS = 256;
/**
 * zxcvbn's matching grows steeply with length and l33t characters (a 250-character l33t string takes seconds). These
 * caps keep the worst case near 250 ms; a password past 100 characters is far beyond any attack scenario anyway.
 */
const ANALYSED_CHARS = 100;
const L33T_MAX_SUBSTITUTIONS = 20;
const POINTS_PER_LEVEL = 25;
const STRENGTH = ['very weak', 'weak', 'fair', 'strong', 'very strong'] as const;
/** zxcvbn's four attack scenarios, with the guess rates it assumes. */
const SCENARIOS = {
  onlineThrottling: { key: 'onlineThrottlingXPerHour', rate: 100 / 3600, description: 'Online attack on a service that rate-limits (100 guesses per hour)' },
  onlineNoThrottling: {
    key: 'onlineNoThrottlingXPerSecond',
    rate: 10,
    description: 'Online attack on a service without rate limiting (10 guesses per second)',
  },
  offlineSlowHashing: {
    key: 'offlineSlowHashingXPerSecond',
    rate: 1e4,
    description: 'Offline attack on a stolen slow hash such as bcrypt or Argon2 (10,000 guesses per second)',
  },
  offlineFastHashing: {
    key: 'offlineFastHashingXPerSecond',
    rate: 1e10,
    description: 'Offline attack on a stolen fast hash such as unsalted SHA-1 or MD5 (10 billion guesses per second)',
  },
} as const;
type Scenario = keyof typeof SCENARIOS;

/** Warnings that mean the password is on, or close to, a list attackers try first. */
const SEVERE_WARNINGS = new Set(['topTen', 'topHundred', 'common', 'similarToCommon', 'userInputs', 'pwned']);

interface Estimator {
  zxcvbn: ZxcvbnFactory;
  warningKey: Map<string, string>;
  suggestionKey: Map<string, string>;
}

let estimator: Promise<Estimator> | undefined;

/** Loads the dictionaries (a few MB) on first use, not when the tool file is imported. */
function loadEstimator(): Promise<Estimator> {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory: Factory }, common, en] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-en'),
    ]);
    const zxcvbn = new Factory({
      dictionary: { ...common.dictionary, ...en.dictionary },
      graphs: common.adjacencyGraphs,
      translations: en.translations,
      // Levenshtein matching costs ~300 ms per check; l33t and dictionary matching already catch near-misses.
      useLevenshteinDistance: false,
      maxLength: ANALYSED_CHARS,
      l33tMaxSubstitutions: L33T_MAX_SUBSTITUTIONS,
    });
    const invert = (record: Record<string, unknown>): Map<string, string> => new Map(Object.entries(record).map(([key, text]) => [String(text), key]));
    return { zxcvbn, warningKey: invert(en.translations.warnings), suggestionKey: invert(en.translations.suggestions) };
  })();
  return estimator;
}

const crackTime = z.object({
  description: z.string().describe('The attack scenario'),
  guessesPerSecond: z.number().describe('Guess rate assumed'),
  seconds: z.number().describe('Estimated time to crack, in seconds'),
  display: z.string().describe('The same, in words ("3 hours", "centuries")'),
});

export default defineTool({
  module: 'security-apis',
  slug: 'password-strength-checker',
  cpu: 'always',
  title: 'Password strength checker (zxcvbn)',
  description:
    'Estimates how hard a password is to guess with zxcvbn (the zxcvbn-ts port: English and common-language ' +
    'dictionaries, 30,000+ leaked passwords, names, keyboard patterns, dates, repeats, sequences and l33t ' +
    'substitutions; the first 100 characters are analysed). Returns the zxcvbn level 0–4 as a score 0–100 (level × 25), the estimated number of ' +
    'guesses, crack times for four attack scenarios (throttled and unthrottled online attacks, offline attacks ' +
    "on slow and fast hashes), zxcvbn's warning and suggestions, the kinds of patterns found, and findings with " +
    'stable ids. Pass `userInputs` (user name, e-mail, site name) so that passwords built from them score low. ' +
    'The password is never echoed (not even in part), stored or logged.',
  keywords: ['password strength', 'password checker', 'zxcvbn', 'crack time', 'password meter', 'weak password', 'entropy', 'how secure', 'password security'],
  input: () =>
    z.object({
      password: z
        .string()
        .min(1, 'must not be empty')
        .max(MAX_PASSWORD_CHARS, `at most ${MAX_PASSWORD_CHARS} characters`)
        .describe('The password to rate (never echoed or stored)'),
      userInputs: z
        .array(z.string().max(100, 'at most 100 characters'))
        .max(20, 'at most 20 entries')
        .default([])
        .describe('Words tied to the user or site (user name, e-mail, company) that make a password guessable'),
    }),
  output: () =>
    z.object({
      score: scoreField,
      scoreBreakdown: scoreBreakdownField,
      findings: findingsField,
      strength: z.enum(STRENGTH).describe('zxcvbn level in words: very weak (0) … very strong (4)'),
      level: z.number().int().min(0).max(4).describe('zxcvbn score 0–4 (0 too guessable, 4 very unguessable)'),
      guesses: z.number().describe('Estimated guesses needed'),
      guessesLog10: z.number().describe('log10 of the guesses, 2 decimals'),
      crackTimes: z.object(Object.fromEntries(Object.keys(SCENARIOS).map((k) => [k, crackTime])) as Record<Scenario, typeof crackTime>),
      feedback: z.object({
        warning: z.string().nullable().describe('The main weakness, or null'),
        suggestions: z.array(z.string()).describe('How to make it stronger'),
      }),
      length: z.number().int().describe('Length in characters (Unicode code points)'),
      characterClasses: z
        .object({
          lowercase: z.boolean(),
          uppercase: z.boolean(),
          digits: z.boolean(),
          symbols: z.boolean(),
          other: z.boolean().describe('Letters outside A–Z, emoji…'),
        })
        .describe('Which kinds of characters the password contains'),
      patterns: z
        .array(
          z.object({
            pattern: z.string().describe('dictionary, spatial (keyboard), repeat, sequence, regex, date, bruteforce…'),
            start: z.number().int().describe('Index of the first character (0-based)'),
            length: z.number().int().describe('Characters covered'),
            detail: z.string().describe('What kind of weakness, without the characters themselves'),
          }),
        )
        .describe('How zxcvbn split the password to estimate it (no characters of the password are shown)'),
    }),
  examples: [
    {
      title: 'a famous leaked password',
      input: { password: 'password' },
      output: {
        score: 0,
        scoreBreakdown: { zxcvbnLevel: 0, pointsPerLevel: POINTS_PER_LEVEL },
        findings: [
          {
            id: 'guessable',
            severity: 'high',
            title: 'The password is very weak (zxcvbn level 0 of 4)',
            evidence: 'About 10^0.48 guesses: an online attacker without rate limiting finds it in under a second.',
            fix: 'Use a longer passphrase of several uncommon words, or a random password from a password manager.',
          },
          {
            id: 'warning:topTen',
            severity: 'high',
            title: 'This is a heavily used password.',
            evidence: 'Patterns found: common password (rank 2) at characters 1–8.',
            fix: 'Never use a password that appears on leaked-password lists; pick a new, unique one.',
          },
          {
            id: 'length:below-15',
            severity: 'low',
            title: 'Shorter than 15 characters',
            evidence: '8 characters.',
            fix: 'NIST SP 800-63B rev. 4 asks for at least 15 characters when the password is the only factor (8 with MFA).',
          },
          {
            id: 'suggestion:anotherWord',
            severity: 'low',
            title: 'Add more words that are less common.',
            evidence: 'zxcvbn suggestion.',
            fix: 'Add more words that are less common.',
          },
        ],
        strength: 'very weak',
        level: 0,
        guesses: 3,
        guessesLog10: 0.48,
        crackTimes: {
          onlineThrottling: {
            description: SCENARIOS.onlineThrottling.description,
            guessesPerSecond: SCENARIOS.onlineThrottling.rate,
            seconds: 108,
            display: '2 minutes',
          },
          onlineNoThrottling: { description: SCENARIOS.onlineNoThrottling.description, guessesPerSecond: 10, seconds: 0.3, display: 'less than a second' },
          offlineSlowHashing: { description: SCENARIOS.offlineSlowHashing.description, guessesPerSecond: 1e4, seconds: 0.0003, display: 'less than a second' },
          offlineFastHashing: { description: SCENARIOS.offlineFastHashing.description, guessesPerSecond: 1e10, seconds: 3e-10, display: 'less than a second' },
        },
        feedback: { warning: 'This is a heavily used password.', suggestions: ['Add more words that are less common.'] },
        length: 8,
        characterClasses: { lowercase: true, uppercase: false, digits: false, symbols: false, other: false },
        patterns: [{ pattern: 'dictionary', start: 0, length: 8, detail: 'common password (rank 2)' }],
      },
    },
    {
      title: 'a long random passphrase',
      input: { password: 'correct-horse-battery-staple-9!Zq' },
      output: {
        score: 100,
        scoreBreakdown: { zxcvbnLevel: 4, pointsPerLevel: 25 },
        findings: [],
        strength: 'very strong',
        level: 4,
        guesses: 3.1633859872e25,
        guessesLog10: 25.5,
        crackTimes: {
          onlineThrottling: {
            description: 'Online attack on a service that rate-limits (100 guesses per hour)',
            guessesPerSecond: 0.027777777777777776,
            seconds: 1.14e27,
            display: 'centuries',
          },
          onlineNoThrottling: {
            description: 'Online attack on a service without rate limiting (10 guesses per second)',
            guessesPerSecond: 10,
            seconds: 3.16e24,
            display: 'centuries',
          },
          offlineSlowHashing: {
            description: 'Offline attack on a stolen slow hash such as bcrypt or Argon2 (10,000 guesses per second)',
            guessesPerSecond: 10000,
            seconds: 3.16e21,
            display: 'centuries',
          },
          offlineFastHashing: {
            description: 'Offline attack on a stolen fast hash such as unsalted SHA-1 or MD5 (10 billion guesses per second)',
            guessesPerSecond: 10000000000,
            seconds: 3160000000000000,
            display: 'centuries',
          },
        },
        feedback: { warning: null, suggestions: [] },
        length: 33,
        characterClasses: { lowercase: true, uppercase: true, digits: true, symbols: true, other: false },
        patterns: [
          { pattern: 'dictionary', start: 0, length: 7, detail: 'diceware word (rank 1320)' },
          { pattern: 'bruteforce', start: 7, length: 7, detail: 'no pattern found: must be brute-forced' },
          { pattern: 'dictionary', start: 14, length: 7, detail: 'diceware word (rank 529)' },
          { pattern: 'separator', start: 21, length: 1, detail: 'separator' },
          { pattern: 'dictionary', start: 22, length: 6, detail: 'diceware word (rank 6292)' },
          { pattern: 'bruteforce', start: 28, length: 5, detail: 'no pattern found: must be brute-forced' },
        ],
      },
    },
    {
      title: 'a password built from the user name',
      input: { password: 'jsmith2024', userInputs: ['jsmith', 'jsmith@example.com'] },
      output: {
        score: 25,
        scoreBreakdown: { zxcvbnLevel: 1, pointsPerLevel: 25 },
        findings: [
          {
            id: 'guessable',
            severity: 'high',
            title: 'The password is weak (zxcvbn level 1 of 4)',
            evidence: 'About 10^4.18 guesses: an online attacker without rate limiting finds it in about 25 minutes.',
            fix: 'Use a longer passphrase of several uncommon words, or a random password from a password manager.',
          },
          {
            id: 'warning:userInputs',
            severity: 'high',
            title: 'There should not be any personal or page related data.',
            evidence: 'Patterns found: your user inputs (rank 1) at characters 1–6; recent year at characters 7–10.',
            fix: 'Do not build the password from your name, user name, e-mail or the site name.',
          },
          {
            id: 'length:below-15',
            severity: 'low',
            title: 'Shorter than 15 characters',
            evidence: '10 characters.',
            fix: 'NIST SP 800-63B rev. 4 asks for at least 15 characters when the password is the only factor (8 with MFA).',
          },
          {
            id: 'suggestion:anotherWord',
            severity: 'low',
            title: 'Add more words that are less common.',
            evidence: 'zxcvbn suggestion.',
            fix: 'Add more words that are less common.',
          },
        ],
        strength: 'weak',
        level: 1,
        guesses: 15000,
        guessesLog10: 4.18,
        crackTimes: {
          onlineThrottling: {
            description: 'Online attack on a service that rate-limits (100 guesses per hour)',
            guessesPerSecond: 0.027777777777777776,
            seconds: 540000,
            display: '6 days',
          },
          onlineNoThrottling: {
            description: 'Online attack on a service without rate limiting (10 guesses per second)',
            guessesPerSecond: 10,
            seconds: 1500,
            display: '25 minutes',
          },
          offlineSlowHashing: {
            description: 'Offline attack on a stolen slow hash such as bcrypt or Argon2 (10,000 guesses per second)',
            guessesPerSecond: 10000,
            seconds: 1.5,
            display: '2 seconds',
          },
          offlineFastHashing: {
            description: 'Offline attack on a stolen fast hash such as unsalted SHA-1 or MD5 (10 billion guesses per second)',
            guessesPerSecond: 10000000000,
            seconds: 0.0000015,
            display: 'less than a second',
          },
        },
        feedback: { warning: 'There should not be any personal or page related data.', suggestions: ['Add more words that are less common.'] },
        length: 10,
        characterClasses: { lowercase: true, uppercase: false, digits: true, symbols: false, other: false },
        patterns: [
          { pattern: 'dictionary', start: 0, length: 6, detail: 'your user inputs (rank 1)' },
          { pattern: 'regex', start: 6, length: 4, detail: 'recent year' },
        ],
      },
    },
  ],
  run: async ({ password, userInputs }, ctx) => {
    const { zxcvbn, warningKey, suggestionKey } = await loadEstimator();
    if (password.length > ANALYSED_CHARS) ctx.warn(`Only the first ${ANALYSED_CHARS} characters were analysed; the rest can only add strength.`);
    const result = zxcvbn.check(password, userInputs);
    const level = result.score;
    const length = [...password].length;
    return {
      score: level * POINTS_PER_LEVEL,
      scoreBreakdown: { zxcvbnLevel: level, pointsPerLevel: POINTS_PER_LEVEL },
      findings: findings(result, length, warningKey, suggestionKey),
      strength: STRENGTH[level],
      level,
      guesses: finite(result.guesses),
      guessesLog10: round(result.guessesLog10, 2),
      crackTimes: Object.fromEntries(
        (Object.keys(SCENARIOS) as Scenario[]).map((name) => {
          const { key, rate, description } = SCENARIOS[name];
          const time = result.crackTimes[key];
          return [name, { description, guessesPerSecond: rate, seconds: finite(significant(time.seconds)), display: time.display }];
        }),
      ) as Record<Scenario, z.infer<typeof crackTime>>,
      feedback: { warning: result.feedback.warning, suggestions: result.feedback.suggestions },
      length,
      characterClasses: {
        lowercase: /[a-z]/.test(password),
        uppercase: /[A-Z]/.test(password),
        digits: /[0-9]/.test(password),
        symbols: /[!-/:-@[-`{-~ ]/.test(password),
        other: /[^\x20-\x7e]/.test(password),
      },
      patterns: result.sequence.map(describePattern),
    };
  },
});

function findings(result: ZxcvbnResult, length: number, warningKey: Map<string, string>, suggestionKey: Map<string, string>): Finding[] {
  const list: Finding[] = [];
  const level = result.score;
  if (level <= 2) {
    const online = result.crackTimes.onlineNoThrottlingXPerSecond.display;
    const when = online === 'less than a second' ? 'in under a second' : `in about ${online}`;
    list.push({
      id: 'guessable',
      severity: level <= 1 ? 'high' : 'medium',
      title: `The password is ${STRENGTH[level]} (zxcvbn level ${level} of 4)`,
      evidence: `About 10^${round(result.guessesLog10, 2)} guesses: an online attacker without rate limiting finds it ${when}.`,
      fix: 'Use a longer passphrase of several uncommon words, or a random password from a password manager.',
    });
  }
  const warning = result.feedback.warning;
  if (warning) {
    const key = warningKey.get(warning) ?? 'other';
    list.push({
      id: `warning:${key}`,
      severity: SEVERE_WARNINGS.has(key) ? 'high' : 'medium',
      title: warning,
      evidence: patternSummary(result.sequence),
      fix:
        key === 'userInputs'
          ? 'Do not build the password from your name, user name, e-mail or the site name.'
          : SEVERE_WARNINGS.has(key)
            ? 'Never use a password that appears on leaked-password lists; pick a new, unique one.'
            : 'Avoid predictable patterns; a passphrase of several random words is both stronger and easier to remember.',
    });
  }
  if (length < 8) {
    list.push({
      id: 'length:below-8',
      severity: 'high',
      title: 'Shorter than 8 characters',
      evidence: `${length} characters.`,
      fix: 'Use at least 8 characters (NIST SP 800-63B minimum), better 15 or more.',
    });
  } else if (length < 15) {
    list.push({
      id: 'length:below-15',
      severity: 'low',
      title: 'Shorter than 15 characters',
      evidence: `${length} characters.`,
      fix: 'NIST SP 800-63B rev. 4 asks for at least 15 characters when the password is the only factor (8 with MFA).',
    });
  }
  for (const suggestion of result.feedback.suggestions) {
    list.push({
      id: `suggestion:${suggestionKey.get(suggestion) ?? 'other'}`,
      severity: level >= 3 ? 'info' : 'low',
      title: suggestion,
      evidence: 'zxcvbn suggestion.',
      fix: suggestion,
    });
  }
  return sortFindings(list);
}

function describePattern(match: MatchExtended): { pattern: string; start: number; length: number; detail: string } {
  const base = { pattern: match.pattern, start: match.i, length: match.j - match.i + 1 };
  switch (match.pattern) {
    case 'dictionary': {
      const source = dictionaryLabel(String(match.dictionaryName));
      const how = [match.l33t ? 'with l33t substitutions' : '', match.reversed ? 'reversed' : ''].filter(Boolean).join(', ');
      return { ...base, detail: `${source} (rank ${match.rank})${how ? `, ${how}` : ''}` };
    }
    case 'spatial':
      return { ...base, detail: `keyboard pattern on ${match.graph} (${match.turns} turn${match.turns === 1 ? '' : 's'})` };
    case 'repeat':
      return { ...base, detail: `repeated ${match.repeatCount} times` };
    case 'sequence':
      return { ...base, detail: `${match.ascending ? 'ascending' : 'descending'} ${match.sequenceName} sequence` };
    case 'regex':
      return { ...base, detail: match.regexName === 'recentYear' ? 'recent year' : String(match.regexName) };
    case 'date':
      return { ...base, detail: 'date' };
    case 'bruteforce':
      return { ...base, detail: 'no pattern found: must be brute-forced' };
    default:
      return { ...base, detail: match.pattern };
  }
}

/** "common password (rank 2) at characters 1–8; …" for the patterns that are not plain brute force. */
function patternSummary(sequence: readonly MatchExtended[]): string {
  const found = sequence.map(describePattern).filter((p) => p.pattern !== 'bruteforce' && p.pattern !== 'separator');
  if (found.length === 0) return 'zxcvbn found no single weak pattern; the warning concerns the password as a whole.';
  return `Patterns found: ${found.map((p) => `${p.detail} at characters ${p.start + 1}–${p.start + p.length}`).join('; ')}.`;
}

function dictionaryLabel(name: string): string {
  if (name.startsWith('passwords')) return 'common password';
  if (name === 'userInputs') return 'your user inputs';
  if (name.startsWith('firstnames') || name.startsWith('lastnames')) return 'common name';
  if (name.startsWith('diceware')) return 'diceware word';
  if (name.startsWith('wikipedia') || name.startsWith('commonWords')) return 'common word';
  return `word list ${name}`;
}

/** Three significant digits: crack times are estimates, and floating-point noise (0.30000000000000004) is not information. */
function significant(value: number): number {
  return value === 0 || !Number.isFinite(value) ? value : Number(value.toPrecision(3));
}

function finite(value: number): number {
  return Number.isFinite(value) ? value : Number.MAX_VALUE;
}
