import { z } from 'zod';
import { defineTool } from '../../registry/define-tool.ts';
import { oneOfFields, textField } from '../../registry/fields.ts';
import { categoryAuditShape, categoryIdPart, type RawFinding, type Severity, CATEGORY_SCORING_NOTE, scoreByCategory } from '../../lib/audit.ts';
import { parseHtml, visibleText } from './email-html.ts';
import { CATEGORY_LABEL, findSpamPhrases, SPAM_PHRASES, type SpamCategory, shoutingSignals } from './spam-words.ts';
import { wordList } from '../../lib/text-measure.ts';

const CATEGORIES = Object.keys(CATEGORY_LABEL) as SpamCategory[];
const SEVERITY_BY_WEIGHT: Record<number, Severity> = { 3: 'medium', 2: 'low', 1: 'info' };
const BUMP: Record<Severity, Severity> = { info: 'low', low: 'medium', medium: 'high', high: 'high' };

/** Matches listed in the result; `totalMatches` and the categories count them all. */
const MAX_LISTED_MATCHES = 500;

export default defineTool({
  module: 'marketing-apis',
  slug: 'email-spam-word-checker',
  cpu: 'large-input',
  title: 'E-mail spam word checker',
  description:
    `Checks e-mail copy (plain text, or HTML whose visible text is extracted with htmlparser2) and an optional subject for ` +
    `${SPAM_PHRASES.length} curated spam-trigger phrases in ${CATEGORIES.length} categories (${CATEGORIES.map((c) => CATEGORY_LABEL[c].toLowerCase()).join('; ')}), ` +
    'whole-word and case-insensitive, and for shouting (ALL-CAPS words, !!!, $$$). Every match comes with its location ' +
    '(subject or body), UTF-16 start/end offsets into that text, line, column and surrounding context. Returns counts per ' +
    'category, matches per 100 words and a 0–100 score with findings (one per phrase; a phrase in the subject weighs more). ' +
    'Word lists are a heuristic: modern filters weigh sender reputation and authentication (SPF, DKIM, DMARC) far more ' +
    'than words, so use this to review copy, not to predict inbox placement. ' +
    CATEGORY_SCORING_NOTE +
    ' Categories: wording 60, formatting 25, density 15.',
  keywords: ['spam words', 'spam trigger words', 'email spam checker', 'spam filter', 'email deliverability', 'email copy check'],
  input: () =>
    z
      .object({
        text: textField('E-mail body as plain text (give text or html)').optional(),
        html: textField('E-mail body as HTML; its visible text is checked (give text or html)').optional(),
        subject: z.string().max(1000, 'at most 1,000 characters').optional().describe('Subject line (optional; matches there weigh more)'),
      })
      .refine(...oneOfFields('text', 'html')),
  output: () =>
    z.object({
      matches: z
        .array(
          z.object({
            phrase: z.string(),
            matched: z.string().describe('The text as written'),
            category: z.enum(CATEGORIES as [SpamCategory, ...SpamCategory[]]),
            weight: z.number().int().describe('1 mild … 3 strongly spammy'),
            location: z.enum(['subject', 'body']),
            start: z.number().int().describe('UTF-16 offset of the match in its text (the body text is the visible text when html is given)'),
            end: z.number().int(),
            line: z.number().int(),
            column: z.number().int(),
            context: z.string().describe('Up to 30 characters either side'),
          }),
        )
        .describe('The matches in text order, at most 500 (totalMatches counts them all)'),
      categories: z.array(z.object({ category: z.string(), label: z.string(), matches: z.number().int(), phrases: z.array(z.string()) })),
      totalMatches: z.number().int(),
      wordCount: z.number().int(),
      matchesPer100Words: z.number(),
      formatting: z.object({
        capsWords: z.array(z.string()),
        exclamations: z.number().int(),
        repeatedPunctuation: z.number().int(),
        moneySigns: z.number().int(),
      }),
      risk: z.enum(['low', 'medium', 'high']).describe('From the score: 80+ low, 50–79 medium, below 50 high'),
      ...categoryAuditShape,
    }),
  examples: [
    {
      title: 'pushy promotional copy',
      input: { subject: 'URGENT: claim your FREE gift', text: 'Dear friend,\nAct now! This 100% free offer ends soon. Click here to claim your prize!!!' },
      output: {
        matches: [
          {
            phrase: 'urgent',
            matched: 'URGENT',
            category: 'urgency',
            weight: 3,
            location: 'subject',
            start: 0,
            end: 6,
            line: 1,
            column: 1,
            context: 'URGENT: claim your FREE gift',
          },
          {
            phrase: 'free gift',
            matched: 'FREE gift',
            category: 'free-offer',
            weight: 3,
            location: 'subject',
            start: 19,
            end: 28,
            line: 1,
            column: 20,
            context: 'URGENT: claim your FREE gift',
          },
          {
            phrase: 'dear friend',
            matched: 'Dear friend',
            category: 'shady',
            weight: 3,
            location: 'body',
            start: 0,
            end: 11,
            line: 1,
            column: 1,
            context: 'Dear friend, Act now! This 100% free offe…',
          },
          {
            phrase: 'act now',
            matched: 'Act now',
            category: 'urgency',
            weight: 3,
            location: 'body',
            start: 13,
            end: 20,
            line: 2,
            column: 1,
            context: 'Dear friend, Act now! This 100% free offer ends so…',
          },
          {
            phrase: '100% free',
            matched: '100% free',
            category: 'free-offer',
            weight: 3,
            location: 'body',
            start: 27,
            end: 36,
            line: 2,
            column: 15,
            context: 'Dear friend, Act now! This 100% free offer ends soon. Click here t…',
          },
          {
            phrase: 'ends soon',
            matched: 'ends soon',
            category: 'urgency',
            weight: 1,
            location: 'body',
            start: 43,
            end: 52,
            line: 2,
            column: 31,
            context: '…Act now! This 100% free offer ends soon. Click here to claim your pri…',
          },
          {
            phrase: 'click here',
            matched: 'Click here',
            category: 'pushy-cta',
            weight: 3,
            location: 'body',
            start: 54,
            end: 64,
            line: 2,
            column: 42,
            context: '…is 100% free offer ends soon. Click here to claim your prize!!!',
          },
          {
            phrase: 'claim your prize',
            matched: 'claim your prize',
            category: 'free-offer',
            weight: 3,
            location: 'body',
            start: 68,
            end: 84,
            line: 2,
            column: 56,
            context: '…ffer ends soon. Click here to claim your prize!!!',
          },
        ],
        categories: [
          { category: 'urgency', label: 'False urgency and pressure', matches: 3, phrases: ['urgent', 'act now', 'ends soon'] },
          { category: 'free-offer', label: 'Too-good-to-be-true offers', matches: 3, phrases: ['free gift', '100% free', 'claim your prize'] },
          { category: 'shady', label: 'Deceptive or shady wording', matches: 1, phrases: ['dear friend'] },
          { category: 'pushy-cta', label: 'Pushy calls to action', matches: 1, phrases: ['click here'] },
        ],
        totalMatches: 8,
        wordCount: 21,
        matchesPer100Words: 38.1,
        formatting: { capsWords: ['URGENT', 'FREE'], exclamations: 4, repeatedPunctuation: 1, moneySigns: 0 },
        risk: 'high',
        score: 21,
        scoreBreakdown: { wording: 0, formatting: 15, density: 6 },
        findings: [
          {
            id: 'spam-phrase-density',
            severity: 'high',
            title: 'Spam-trigger phrases are dense',
            evidence: '8 matches in 21 words (38.1 per 100)',
            fix: 'Cut promotional phrases; aim for under 2 per 100 words',
          },
          {
            id: 'spam-phrase-free-gift',
            severity: 'high',
            title: '"free gift" (too-good-to-be-true offers)',
            evidence: '1× including the subject: "URGENT: claim your FREE gift"',
            fix: 'Rephrase it, above all in the subject line, in plain specific words',
          },
          {
            id: 'spam-phrase-urgent',
            severity: 'high',
            title: '"urgent" (false urgency and pressure)',
            evidence: '1× including the subject: "URGENT: claim your FREE gift"',
            fix: 'Rephrase it, above all in the subject line, in plain specific words',
          },
          {
            id: 'repeated-punctuation',
            severity: 'medium',
            title: 'Repeated ! or ?',
            evidence: '1 run such as "!!!"',
            fix: 'Use single punctuation marks',
          },
          {
            id: 'spam-phrase-100-free',
            severity: 'medium',
            title: '"100% free" (too-good-to-be-true offers)',
            evidence: '1× in the body: "Dear friend, Act now! This 100% free offer ends soon. Click here t…"',
            fix: 'Rephrase it in plain, specific words',
          },
          {
            id: 'spam-phrase-act-now',
            severity: 'medium',
            title: '"act now" (false urgency and pressure)',
            evidence: '1× in the body: "Dear friend, Act now! This 100% free offer ends so…"',
            fix: 'Rephrase it in plain, specific words',
          },
          {
            id: 'spam-phrase-claim-your-prize',
            severity: 'medium',
            title: '"claim your prize" (too-good-to-be-true offers)',
            evidence: '1× in the body: "…ffer ends soon. Click here to claim your prize!!!"',
            fix: 'Rephrase it in plain, specific words',
          },
          {
            id: 'spam-phrase-click-here',
            severity: 'medium',
            title: '"click here" (pushy calls to action)',
            evidence: '1× in the body: "…is 100% free offer ends soon. Click here to claim your prize!!!"',
            fix: 'Rephrase it in plain, specific words',
          },
          {
            id: 'spam-phrase-dear-friend',
            severity: 'medium',
            title: '"dear friend" (deceptive or shady wording)',
            evidence: '1× in the body: "Dear friend, Act now! This 100% free offe…"',
            fix: 'Rephrase it in plain, specific words',
          },
          {
            id: 'all-caps-words',
            severity: 'low',
            title: 'Words in ALL CAPS',
            evidence: 'URGENT, FREE',
            fix: 'Write them in normal case; capitals read as shouting and are a classic filter signal',
          },
          {
            id: 'spam-phrase-ends-soon',
            severity: 'info',
            title: '"ends soon" (false urgency and pressure)',
            evidence: '1× in the body: "…Act now! This 100% free offer ends soon. Click here to claim your pri…"',
            fix: 'Rephrase it in plain, specific words',
          },
        ],
      },
    },
    {
      title: 'a plain newsletter',
      input: {
        subject: 'Our March product update',
        html: '<html><head><style>p{}</style></head><body><p>Hi Sam,</p><p>Here is what shipped this month: dark mode and faster exports.</p></body></html>',
      },
      output: {
        matches: [],
        categories: [],
        totalMatches: 0,
        wordCount: 17,
        matchesPer100Words: 0,
        formatting: { capsWords: [], exclamations: 0, repeatedPunctuation: 0, moneySigns: 0 },
        risk: 'low',
        score: 100,
        scoreBreakdown: { wording: 60, formatting: 25, density: 15 },
        findings: [],
      },
    },
  ],
  run: ({ text, html, subject }) => {
    const body = text ?? visibleText(parseHtml(html ?? '').children);
    const matches = [
      ...(subject === undefined ? [] : findSpamPhrases(subject).map((m) => ({ ...m, location: 'subject' as const, source: subject }))),
      ...findSpamPhrases(body).map((m) => ({ ...m, location: 'body' as const, source: body })),
    ];
    // Only the listed matches and each phrase's first need their context: a long mailing matches 100,000s of times.
    const withContext = ({ source, ...m }: (typeof matches)[number]) => ({
      ...m,
      context: `${m.start > 30 ? '…' : ''}${source.slice(Math.max(0, m.start - 30), m.end + 30).replace(/\s+/g, ' ')}${m.end + 30 < source.length ? '…' : ''}`,
    });
    const all = `${subject ?? ''}\n${body}`;
    const words = wordList(all).length;
    const signals = shoutingSignals(all);
    const raw: RawFinding[] = [];
    const byPhrase = new Map<string, typeof matches>();
    for (const m of matches) {
      const list = byPhrase.get(m.phrase);
      if (list) list.push(m);
      else byPhrase.set(m.phrase, [m]);
    }
    for (const [phrase, list] of byPhrase) {
      const first = list[0] && withContext(list[0]);
      if (!first) continue;
      const inSubject = list.some((m) => m.location === 'subject');
      const base = SEVERITY_BY_WEIGHT[first.weight] ?? 'info';
      raw.push({
        id: `spam-phrase-${categoryIdPart(phrase)}`,
        category: 'wording',
        severity: inSubject ? BUMP[base] : base,
        title: `"${phrase}" (${CATEGORY_LABEL[first.category].toLowerCase()})`,
        evidence: `${list.length}× ${inSubject ? 'including the subject' : 'in the body'}: "${first.context}"`,
        fix: inSubject ? 'Rephrase it, above all in the subject line, in plain specific words' : 'Rephrase it in plain, specific words',
      });
    }
    if (signals.capsWords.length > 0)
      raw.push({
        id: 'all-caps-words',
        category: 'formatting',
        severity: signals.capsWords.length >= 3 ? 'medium' : 'low',
        title: 'Words in ALL CAPS',
        evidence: signals.capsWords.slice(0, 10).join(', '),
        fix: 'Write them in normal case; capitals read as shouting and are a classic filter signal',
      });
    if (signals.exclamationRuns > 0)
      raw.push({
        id: 'repeated-punctuation',
        category: 'formatting',
        severity: 'medium',
        title: 'Repeated ! or ?',
        evidence: `${signals.exclamationRuns} run${signals.exclamationRuns === 1 ? '' : 's'} such as "!!!"`,
        fix: 'Use single punctuation marks',
      });
    else if (signals.exclamations > 3)
      raw.push({
        id: 'many-exclamations',
        category: 'formatting',
        severity: 'low',
        title: 'Many exclamation marks',
        evidence: `${signals.exclamations} exclamation marks`,
        fix: 'Keep at most one or two',
      });
    if (signals.moneySigns > 0)
      raw.push({
        id: 'money-signs',
        category: 'formatting',
        severity: 'medium',
        title: 'Repeated currency signs ($$$)',
        evidence: `${signals.moneySigns} occurrence${signals.moneySigns === 1 ? '' : 's'}`,
        fix: 'Remove them; state prices plainly',
      });
    const density = words === 0 ? 0 : (matches.length / words) * 100;
    if (words >= 10 && density > 5)
      raw.push({
        id: 'spam-phrase-density',
        category: 'density',
        severity: 'high',
        title: 'Spam-trigger phrases are dense',
        evidence: `${matches.length} matches in ${words} words (${density.toFixed(1)} per 100)`,
        fix: 'Cut promotional phrases; aim for under 2 per 100 words',
      });
    else if (words >= 10 && density > 2)
      raw.push({
        id: 'spam-phrase-density',
        category: 'density',
        severity: 'medium',
        title: 'Many spam-trigger phrases for the length',
        evidence: `${matches.length} matches in ${words} words (${density.toFixed(1)} per 100)`,
        fix: 'Aim for under 2 per 100 words',
      });
    const audit = scoreByCategory({ wording: 60, formatting: 25, density: 15 }, raw);
    const risk: 'low' | 'medium' | 'high' = audit.score >= 80 ? 'low' : audit.score >= 50 ? 'medium' : 'high';
    return {
      // The list is capped (a long mailing can match thousands of times); the counts cover every match.
      matches: matches.slice(0, MAX_LISTED_MATCHES).map(withContext),
      categories: CATEGORIES.map((category) => {
        const list = matches.filter((m) => m.category === category);
        return { category, label: CATEGORY_LABEL[category], matches: list.length, phrases: [...new Set(list.map((m) => m.phrase))] };
      }).filter((c) => c.matches > 0),
      totalMatches: matches.length,
      wordCount: words,
      matchesPer100Words: Math.round(density * 100) / 100,
      formatting: {
        capsWords: signals.capsWords,
        exclamations: signals.exclamations,
        repeatedPunctuation: signals.exclamationRuns,
        moneySigns: signals.moneySigns,
      },
      risk,
      ...audit,
    };
  },
});
