import { z } from 'zod';
import { graphemes } from '../../lib/graphemes.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { categoryAuditShape, categoryIdPart, type RawFinding, type Severity, CATEGORY_SCORING_NOTE, scoreByCategory } from '../../lib/audit.ts';
import { findSpamPhrases, shoutingSignals } from './spam-words.ts';
import { isEmoji, wordList } from '../../lib/text-measure.ts';

const MOBILE_VISIBLE = 40;
const DESKTOP_VISIBLE = 60;
const TOKEN = /\{\{\s*[\w.-]+\s*(?:\|[^{}]*)?\}\}|\*\|[A-Z0-9_:-]+\|\*|%%[\w .-]+%%|\{\$[\w.]+\}|\[\[[\w .-]+\]\]/g;
const SPAM_SEVERITY: Record<number, Severity> = { 3: 'high', 2: 'medium', 1: 'low' };

function preview(text: string, limit: number): { limit: number; truncated: boolean; visible: string } {
  const parts = graphemes(text);
  if (parts.length <= limit) return { limit, truncated: false, visible: text };
  return {
    limit,
    truncated: true,
    visible: `${parts
      .slice(0, limit - 1)
      .join('')
      .trimEnd()}…`,
  };
}

export default defineTool({
  module: 'marketing-apis',
  slug: 'email-subject-line-tester',
  title: 'E-mail subject line tester',
  description:
    'Scores an e-mail subject line (and optional preheader) 0–100 with findings: length in user-perceived characters ' +
    `(mobile inboxes show about ${MOBILE_VISIBLE}, desktop about ${DESKTOP_VISIBLE}; 30–50 is the usual sweet spot), word count, spam-trigger ` +
    'phrases (the same curated list as email-spam-word-checker), ALL-CAPS words and capital ratio, repeated ! or ?, emoji ' +
    'count, fake "RE:"/"FWD:" prefixes, personalization tokens ({{first_name}}, *|FNAME|*, %%FirstName%%, {$name}, ' +
    '[[name]], counted as written) and broken ones, and the preheader (missing, too short so body text leaks into the preview, or repeating ' +
    'the subject). Returns the visible mobile and desktop previews and the signals found. ' +
    CATEGORY_SCORING_NOTE +
    ' Categories: length 30, spam 30, formatting 25, deliverability 15.',
  keywords: ['subject line tester', 'email subject line', 'subject line score', 'preheader', 'open rate', 'email marketing', 'subject line length'],
  input: () =>
    z.object({
      subject: z.string().min(1, 'must not be empty').max(500, 'at most 500 characters').describe('The subject line'),
      preheader: z.string().max(1000, 'at most 1,000 characters').optional().describe('Preview text shown after the subject in the inbox (optional)'),
    }),
  output: () =>
    z.object({
      characters: z.number().int().describe('User-perceived characters (an emoji counts 1)'),
      words: z.number().int(),
      emoji: z.number().int(),
      capitalRatio: z.number().describe('Share of letters that are capitals, 0–1'),
      personalizationTokens: z.array(z.string()),
      spamPhrases: z.array(z.string()),
      signals: z.object({ hasNumber: z.boolean(), isQuestion: z.boolean(), isPersonalized: z.boolean(), hasEmoji: z.boolean() }),
      mobilePreview: z.object({ limit: z.number().int(), truncated: z.boolean(), visible: z.string() }),
      desktopPreview: z.object({ limit: z.number().int(), truncated: z.boolean(), visible: z.string() }),
      preheaderCharacters: z.number().int().nullable(),
      ...categoryAuditShape,
    }),
  examples: [
    {
      title: 'a good, personalized subject',
      input: { subject: '{{first_name}}, your March report is ready', preheader: 'See which 3 campaigns drove 80% of your sign-ups this month.' },
      output: {
        characters: 42,
        words: 7,
        emoji: 0,
        capitalRatio: 0.03,
        personalizationTokens: ['{{first_name}}'],
        spamPhrases: [],
        signals: { hasNumber: false, isQuestion: false, isPersonalized: true, hasEmoji: false },
        mobilePreview: { limit: 40, truncated: true, visible: '{{first_name}}, your March report is re…' },
        desktopPreview: { limit: 60, truncated: false, visible: '{{first_name}}, your March report is ready' },
        preheaderCharacters: 60,
        score: 97,
        scoreBreakdown: { length: 27, spam: 30, formatting: 25, deliverability: 15 },
        findings: [
          {
            id: 'long-for-mobile',
            severity: 'low',
            title: 'Longer than the ~40 characters mobile inboxes show',
            evidence: '42 characters',
            fix: 'Put the key words in the first 40 characters',
          },
          {
            id: 'personalization-fallback',
            severity: 'info',
            title: 'Personalization token used',
            evidence: '{{first_name}}',
            fix: 'Make sure it has a fallback for contacts without that field (e.g. {{first_name | default: "there"}})',
          },
        ],
      },
    },
    {
      title: 'shouty and spammy',
      input: { subject: 'RE: URGENT!!! Claim your FREE gift card now 🎁🎁🎁' },
      output: {
        characters: 47,
        words: 8,
        emoji: 3,
        capitalRatio: 0.41,
        personalizationTokens: [],
        spamPhrases: ['urgent', 'free gift'],
        signals: { hasNumber: false, isQuestion: false, isPersonalized: false, hasEmoji: true },
        mobilePreview: { limit: 40, truncated: true, visible: 'RE: URGENT!!! Claim your FREE gift card…' },
        desktopPreview: { limit: 60, truncated: false, visible: 'RE: URGENT!!! Claim your FREE gift card now 🎁🎁🎁' },
        preheaderCharacters: null,
        score: 41,
        scoreBreakdown: { length: 27, spam: 0, formatting: 8, deliverability: 6 },
        findings: [
          {
            id: 'fake-reply-prefix',
            severity: 'high',
            title: 'Fake "RE:" or "FWD:" prefix',
            evidence: 'RE: URGENT',
            fix: 'Remove it: it misleads readers (CAN-SPAM forbids deceptive subjects) and hurts trust',
          },
          {
            id: 'spam-phrase-free-gift',
            severity: 'high',
            title: 'Spam-trigger phrase "free gift"',
            evidence: '"FREE gift" at character 26',
            fix: 'Rephrase it in specific, plain words',
          },
          {
            id: 'spam-phrase-urgent',
            severity: 'high',
            title: 'Spam-trigger phrase "urgent"',
            evidence: '"URGENT" at character 5',
            fix: 'Rephrase it in specific, plain words',
          },
          { id: 'all-caps-words', severity: 'medium', title: 'Words in ALL CAPS', evidence: 'URGENT, FREE', fix: 'Write them in normal case' },
          { id: 'repeated-punctuation', severity: 'medium', title: 'Repeated ! or ?', evidence: '!!!', fix: 'Use at most one punctuation mark' },
          {
            id: 'long-for-mobile',
            severity: 'low',
            title: 'Longer than the ~40 characters mobile inboxes show',
            evidence: '47 characters',
            fix: 'Put the key words in the first 40 characters',
          },
          {
            id: 'many-emoji',
            severity: 'low',
            title: 'More than two emoji',
            evidence: '3 emoji',
            fix: 'One emoji is plenty; some clients render them as boxes',
          },
          {
            id: 'no-preheader',
            severity: 'info',
            title: 'No preheader given',
            evidence: 'without one, inboxes show the first body text (often "View in browser")',
            fix: 'Add 40–130 characters of preview text that complements the subject',
          },
        ],
      },
    },
    {
      title: 'too long for mobile, broken merge tag',
      input: { subject: 'Hi {{first_name, we have put together our complete guide to planning your next team offsite', preheader: 'Read more' },
      output: {
        characters: 91,
        words: 16,
        emoji: 0,
        capitalRatio: 0.01,
        personalizationTokens: [],
        spamPhrases: [],
        signals: { hasNumber: false, isQuestion: false, isPersonalized: false, hasEmoji: false },
        mobilePreview: { limit: 40, truncated: true, visible: 'Hi {{first_name, we have put together o…' },
        desktopPreview: { limit: 60, truncated: true, visible: 'Hi {{first_name, we have put together our complete guide to…' },
        preheaderCharacters: 9,
        score: 81,
        scoreBreakdown: { length: 21, spam: 30, formatting: 25, deliverability: 5 },
        findings: [
          {
            id: 'broken-merge-tag',
            severity: 'high',
            title: 'Broken personalization tag',
            evidence: 'Hi {{first_name, we have put together our complete guide to planning your next team offsite',
            fix: 'Close the merge tag (e.g. {{first_name}}), or readers see the raw code',
          },
          {
            id: 'too-long',
            severity: 'medium',
            title: 'Longer than 60 characters',
            evidence: '91 characters; desktop inboxes cut it and mobile shows about 40',
            fix: 'Put the key words first and aim for 30–50 characters',
          },
          {
            id: 'short-preheader',
            severity: 'low',
            title: 'Short preheader',
            evidence: '9 characters; the rest of the preview fills with body text',
            fix: 'Write 40–130 characters, or pad it with &zwnj;&nbsp; in the HTML',
          },
        ],
      },
    },
  ],
  run: ({ subject, preheader }) => {
    const parts = graphemes(subject);
    const characters = parts.length;
    const words = wordList(subject).length;
    const emoji = parts.filter(isEmoji).length;
    const letters = subject.match(/\p{L}/gu) ?? [];
    const capitals = subject.match(/\p{Lu}/gu) ?? [];
    const capitalRatio = letters.length === 0 ? 0 : Math.round((capitals.length / letters.length) * 100) / 100;
    const tokens = subject.match(TOKEN) ?? [];
    const spam = findSpamPhrases(subject);
    const signals = shoutingSignals(subject);
    const raw: RawFinding[] = [];

    if (characters > DESKTOP_VISIBLE)
      raw.push({
        id: 'too-long',
        category: 'length',
        severity: 'medium',
        title: `Longer than ${DESKTOP_VISIBLE} characters`,
        evidence: `${characters} characters; desktop inboxes cut it and mobile shows about ${MOBILE_VISIBLE}`,
        fix: 'Put the key words first and aim for 30–50 characters',
      });
    else if (characters > MOBILE_VISIBLE)
      raw.push({
        id: 'long-for-mobile',
        category: 'length',
        severity: 'low',
        title: `Longer than the ~${MOBILE_VISIBLE} characters mobile inboxes show`,
        evidence: `${characters} characters`,
        fix: 'Put the key words in the first 40 characters',
      });
    else if (characters < 15)
      raw.push({
        id: 'very-short',
        category: 'length',
        severity: 'low',
        title: 'Very short subject',
        evidence: `${characters} characters`,
        fix: 'Say what the e-mail offers; 30–50 characters is typical',
      });

    for (const m of spam) {
      raw.push({
        id: `spam-phrase-${categoryIdPart(m.phrase)}`,
        category: 'spam',
        severity: SPAM_SEVERITY[m.weight] ?? 'low',
        title: `Spam-trigger phrase "${m.phrase}"`,
        evidence: `"${m.matched}" at character ${m.start + 1}`,
        fix: 'Rephrase it in specific, plain words',
      });
    }
    if (letters.length >= 8 && capitalRatio > 0.6)
      raw.push({
        id: 'mostly-capitals',
        category: 'formatting',
        severity: 'high',
        title: 'Mostly capital letters',
        evidence: `${Math.round(capitalRatio * 100)}% of letters are capitals`,
        fix: 'Use sentence case',
      });
    else if (signals.capsWords.length > 0)
      raw.push({
        id: 'all-caps-words',
        category: 'formatting',
        severity: 'medium',
        title: 'Words in ALL CAPS',
        evidence: signals.capsWords.join(', '),
        fix: 'Write them in normal case',
      });
    if (signals.exclamationRuns > 0)
      raw.push({
        id: 'repeated-punctuation',
        category: 'formatting',
        severity: 'medium',
        title: 'Repeated ! or ?',
        evidence: subject.match(/[!?]{2,}/g)?.join(' ') ?? '',
        fix: 'Use at most one punctuation mark',
      });
    else if (signals.exclamations > 1)
      raw.push({
        id: 'exclamations',
        category: 'formatting',
        severity: 'low',
        title: 'More than one exclamation mark',
        evidence: `${signals.exclamations} exclamation marks`,
        fix: 'Keep at most one',
      });
    if (emoji > 2)
      raw.push({
        id: 'many-emoji',
        category: 'formatting',
        severity: 'low',
        title: 'More than two emoji',
        evidence: `${emoji} emoji`,
        fix: 'One emoji is plenty; some clients render them as boxes',
      });

    if (/^\s*(re|fwd?|fw)\s*:/i.test(subject))
      raw.push({
        id: 'fake-reply-prefix',
        category: 'deliverability',
        severity: 'high',
        title: 'Fake "RE:" or "FWD:" prefix',
        evidence: subject.slice(0, 10),
        fix: 'Remove it: it misleads readers (CAN-SPAM forbids deceptive subjects) and hurts trust',
      });
    const unbalanced =
      (subject.match(/\{\{/g) ?? []).length !== (subject.match(/\}\}/g) ?? []).length ||
      (subject.match(/\*\|/g) ?? []).length !== (subject.match(/\|\*/g) ?? []).length ||
      (subject.match(/%%/g) ?? []).length % 2 === 1;
    if (unbalanced)
      raw.push({
        id: 'broken-merge-tag',
        category: 'deliverability',
        severity: 'high',
        title: 'Broken personalization tag',
        evidence: subject.slice(0, 120),
        fix: 'Close the merge tag (e.g. {{first_name}}), or readers see the raw code',
      });
    else if (tokens.length > 0)
      raw.push({
        id: 'personalization-fallback',
        category: 'deliverability',
        severity: 'info',
        title: 'Personalization token used',
        evidence: tokens.join(', '),
        fix: 'Make sure it has a fallback for contacts without that field (e.g. {{first_name | default: "there"}})',
      });

    let preheaderCharacters: number | null = null;
    if (preheader === undefined || preheader.trim() === '') {
      raw.push({
        id: 'no-preheader',
        category: 'deliverability',
        severity: 'info',
        title: 'No preheader given',
        evidence: 'without one, inboxes show the first body text (often "View in browser")',
        fix: 'Add 40–130 characters of preview text that complements the subject',
      });
    } else {
      preheaderCharacters = graphemes(preheader).length;
      if (preheader.trim().toLowerCase() === subject.trim().toLowerCase())
        raw.push({
          id: 'preheader-repeats-subject',
          category: 'deliverability',
          severity: 'low',
          title: 'Preheader repeats the subject',
          evidence: preheader.slice(0, 120),
          fix: 'Use the preheader to add a second reason to open',
        });
      else if (preheaderCharacters < 40)
        raw.push({
          id: 'short-preheader',
          category: 'deliverability',
          severity: 'low',
          title: 'Short preheader',
          evidence: `${preheaderCharacters} characters; the rest of the preview fills with body text`,
          fix: 'Write 40–130 characters, or pad it with &zwnj;&nbsp; in the HTML',
        });
      for (const m of findSpamPhrases(preheader))
        raw.push({
          id: `preheader-spam-phrase-${categoryIdPart(m.phrase)}`,
          category: 'spam',
          severity: m.weight === 3 ? 'medium' : 'low',
          title: `Spam-trigger phrase "${m.phrase}" in the preheader`,
          evidence: `"${m.matched}"`,
          fix: 'Rephrase it',
        });
    }
    return {
      characters,
      words,
      emoji,
      capitalRatio,
      personalizationTokens: tokens,
      spamPhrases: [...new Set(spam.map((m) => m.phrase))],
      signals: {
        hasNumber: /\p{N}/u.test(subject.replace(TOKEN, '')),
        isQuestion: subject.trim().endsWith('?'),
        isPersonalized: tokens.length > 0,
        hasEmoji: emoji > 0,
      },
      mobilePreview: preview(subject, MOBILE_VISIBLE),
      desktopPreview: preview(subject, DESKTOP_VISIBLE),
      preheaderCharacters,
      ...scoreByCategory({ length: 30, spam: 30, formatting: 25, deliverability: 15 }, raw),
    };
  },
});
