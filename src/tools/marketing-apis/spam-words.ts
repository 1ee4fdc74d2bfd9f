/**
 * A curated list of phrases that e-mail spam filters and readers associate with spam, grouped by why they
 * hurt. Assembled from widely published deliverability guidance (ESP blogs, SpamAssassin rule themes); no
 * single phrase gets an e-mail filtered — filters weigh content with sender reputation and authentication —
 * so the list is a heuristic for copy review. Weight 3 = strongly spammy, 1 = mild. Module-internal helper.
 */
import { linePositions } from '../../lib/lines.ts';
import { escapeRegExp } from '../../lib/regexp.ts';

export type SpamCategory = 'urgency' | 'money' | 'free-offer' | 'overpromise' | 'shady' | 'pushy-cta' | 'sensitive-data';

export interface SpamPhrase {
  phrase: string;
  category: SpamCategory;
  weight: 1 | 2 | 3;
}

export const CATEGORY_LABEL: Record<SpamCategory, string> = {
  urgency: 'False urgency and pressure',
  money: 'Money and get-rich claims',
  'free-offer': 'Too-good-to-be-true offers',
  overpromise: 'Exaggerated claims and guarantees',
  shady: 'Deceptive or shady wording',
  'pushy-cta': 'Pushy calls to action',
  'sensitive-data': 'Requests for sensitive data',
};

const LIST: [SpamCategory, 1 | 2 | 3, string[]][] = [
  [
    'urgency',
    3,
    ['act now', 'urgent', 'immediate action required', 'respond now', 'final notice', 'last warning', 'account suspended', 'your account will be closed'],
  ],
  [
    'urgency',
    2,
    [
      'limited time',
      'limited time offer',
      'expires today',
      'offer expires',
      'hurry',
      "don't delay",
      "don't miss out",
      'now or never',
      'last chance',
      'only a few left',
      'while supplies last',
      'deadline',
      'time is running out',
      'today only',
      'instant access',
    ],
  ],
  ['urgency', 1, ['ends soon', "before it's too late", "don't wait", 'act fast', 'apply now']],
  [
    'money',
    3,
    [
      'make money fast',
      'make money',
      'earn extra cash',
      'extra income',
      'cash bonus',
      'fast cash',
      'double your income',
      'financial freedom',
      'be your own boss',
      'work from home',
      'earn per week',
      'million dollars',
      'get rich',
      'no credit check',
      'debt relief',
      'eliminate debt',
      'consolidate debt',
      'lower your mortgage rate',
    ],
  ],
  [
    'money',
    2,
    [
      'cash',
      'earn money',
      'income',
      'investment opportunity',
      'lowest price',
      'best price',
      'cheap',
      'discount',
      'save big',
      'big savings',
      'refinance',
      'credit card offers',
      'pre-approved',
      'loans',
      'profits',
    ],
  ],
  ['money', 1, ['save up to', 'bargain', 'affordable', 'price', 'order now']],
  [
    'free-offer',
    3,
    [
      '100% free',
      'absolutely free',
      'totally free',
      'free money',
      'free cash',
      'free gift',
      'prize',
      "you're a winner",
      'you have won',
      'winner',
      'congratulations',
      'claim your prize',
      'you have been selected',
      'giveaway',
    ],
  ],
  [
    'free-offer',
    2,
    [
      'free',
      'free access',
      'free trial',
      'free consultation',
      'bonus',
      'gift card',
      'no cost',
      'no fees',
      'no hidden costs',
      'special promotion',
      'exclusive deal',
    ],
  ],
  [
    'overpromise',
    3,
    [
      '100% guaranteed',
      'guaranteed results',
      'risk-free',
      'no risk',
      'miracle',
      'amazing results',
      'lose weight',
      'once in a lifetime',
      'no catch',
      'no strings attached',
    ],
  ],
  [
    'overpromise',
    2,
    [
      'guarantee',
      'guaranteed',
      'best ever',
      'incredible deal',
      'unbelievable',
      'amazing',
      'satisfaction guaranteed',
      'money-back guarantee',
      'all natural',
      '#1',
      'number one',
      'revolutionary',
    ],
  ],
  ['overpromise', 1, ['best', 'perfect', 'unlimited']],
  [
    'shady',
    3,
    [
      'this is not spam',
      'not junk',
      'no spam',
      'remove me',
      "this isn't spam",
      'dear friend',
      'hidden charges',
      'bulk email',
      'mass email',
      'meet singles',
      'viagra',
      'casino',
      'crypto giveaway',
    ],
  ],
  ['shady', 2, ['dear customer', 'dear sir', 'dear madam', 'confidential', 'secret', 'we hate spam', 'as seen on', 'not a scam', 'undisclosed', 'click below']],
  ['pushy-cta', 3, ['click here', 'click now', 'buy now', 'order today', 'call now', 'sign up free']],
  ['pushy-cta', 2, ['buy direct', 'get it now', 'shop now', 'subscribe now', 'join now', 'get started now', 'visit our website', 'open immediately']],
  [
    'sensitive-data',
    3,
    [
      'verify your account',
      'confirm your password',
      'update your payment details',
      'social security number',
      'bank account details',
      'credit card number',
      'login credentials',
    ],
  ],
  ['sensitive-data', 2, ['verify your identity', 'confirm your details', 'unusual activity', 'password expired']],
];

export const SPAM_PHRASES: SpamPhrase[] = LIST.flatMap(([category, weight, phrases]) => phrases.map((phrase) => ({ phrase, category, weight })));

/** One alternation, longest phrases first, so "100% free" wins over "free" at the same position. */
const SORTED = [...SPAM_PHRASES].sort((a, b) => b.phrase.length - a.phrase.length);
const BY_PHRASE = new Map(SPAM_PHRASES.map((p) => [p.phrase, p]));
const PATTERN = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${SORTED.map((p) => escapeRegExp(p.phrase).replace(/'/g, "['’]").replace(/ /g, '\\s+')).join('|')})(?![\\p{L}\\p{N}])`,
  'giu',
);

export interface SpamMatch {
  phrase: string;
  matched: string;
  category: SpamCategory;
  weight: number;
  start: number;
  end: number;
  line: number;
  column: number;
}

function normalisePhrase(matched: string): string {
  return matched.toLowerCase().replace(/\s+/g, ' ').replace(/’/g, "'");
}

/** Every listed phrase in `text`, non-overlapping, with UTF-16 offsets and 1-based line/column. */
export function findSpamPhrases(text: string): SpamMatch[] {
  const out: SpamMatch[] = [];
  const lines = linePositions(text);
  for (const m of text.matchAll(PATTERN)) {
    const start = m.index ?? 0;
    const spec = BY_PHRASE.get(normalisePhrase(m[0]));
    if (!spec) continue;
    const { line, column } = lines.position(start);
    out.push({
      phrase: spec.phrase,
      matched: m[0],
      category: spec.category,
      weight: spec.weight,
      start,
      end: start + m[0].length,
      line,
      column,
    });
  }
  return out;
}

/** Formatting that filters and readers treat as shouting: ALL-CAPS words, runs of ! or ?, $$$. */
export function shoutingSignals(text: string): { capsWords: string[]; exclamationRuns: number; moneySigns: number; exclamations: number } {
  const capsWords = (text.match(/\b[A-Z][A-Z'’]{3,}\b/g) ?? []).filter(
    (w) => !/^(HTML|HTTP|HTTPS|FAQ|ASAP|USA|NASA|LLC|GDPR|ISBN|JPEG|UTC|CEST|EDT|PST)$/.test(w),
  );
  return {
    capsWords,
    exclamationRuns: (text.match(/[!?]{2,}/g) ?? []).length,
    moneySigns: (text.match(/[$€£]{2,}/g) ?? []).length,
    exclamations: (text.match(/!/g) ?? []).length,
  };
}
