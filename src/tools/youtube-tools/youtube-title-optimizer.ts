import { z } from 'zod';
import { countGraphemes, graphemes } from '../../lib/graphemes.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { auditFields, clip, type Finding, findKeyword, fold, keywordsField, score } from './audit.ts';

/** YouTube refuses titles over 100 characters; search and suggested videos show about 70 on desktop, 60 on mobile. */
const MAX_TITLE = 100;
const DESKTOP_VISIBLE = 70;
const MOBILE_VISIBLE = 60;
/** The primary keyword should start within the first 40 characters (front-loaded, visible everywhere). */
const FRONT = 40;

const CLICKBAIT_PHRASES = [
  "you won't believe",
  'you wont believe',
  'gone wrong',
  'gone sexual',
  'shocking',
  'must see',
  'must watch',
  'not clickbait',
  'what happens next',
  'will shock you',
  'insane',
  'unbelievable',
  'omg',
  'emotional',
  '99% of people',
  'nobody talks about',
];
const STOPWORDS = new Set(['the', 'and', 'for', 'with', 'your', 'this', 'that', 'from', 'into', 'what', 'how', 'why', 'are', 'you', 'vs']);
const EMOJI = /\p{Extended_Pictographic}/u;

export default defineTool({
  module: 'youtube-tools',
  slug: 'youtube-title-optimizer',
  title: 'YouTube title optimizer',
  description:
    `Audits a YouTube video title: the ${MAX_TITLE}-character limit and truncation (about ${DESKTOP_VISIBLE} characters shown on desktop, ${MOBILE_VISIBLE} on mobile), ` +
    `keyword presence and placement (primary keyword within the first ${FRONT} characters), ALL CAPS, clickbait punctuation and phrases, emoji, ` +
    'keyword stuffing, characters YouTube refuses (< >), hashtags, numbers and bracket qualifiers. Returns a 0–100 score with its breakdown, ' +
    'findings with concrete fixes, and a mechanically cleaned title. Rule-based and offline; no click-through data is used.',
  keywords: ['youtube title', 'title optimizer', 'video title', 'youtube seo', 'title length', 'clickbait', 'keyword placement'],
  input: () =>
    z.object({
      title: z.string().min(1, 'a title is required').max(1000, 'at most 1000 characters').describe('The video title to check'),
      keywords: keywordsField,
    }),
  output: () =>
    z.object({
      title: z.string().describe('The title as given'),
      length: z.number().int().describe('Length in characters (emoji and accented letters count once)'),
      visibleOnDesktop: z.string().describe(`What search and suggested videos show on desktop (first ${DESKTOP_VISIBLE} characters)`),
      visibleOnMobile: z.string().describe(`What mobile shows (first ${MOBILE_VISIBLE} characters)`),
      keywords: z
        .array(
          z.object({
            keyword: z.string(),
            found: z.boolean(),
            position: z.number().int().nullable().describe('Character position of the first match, or null'),
          }),
        )
        .describe('Where each keyword appears (case- and accent-insensitive, whole words)'),
      cleanedTitle: z.string().describe('The title with mechanical fixes applied: spaces trimmed and collapsed, < > removed, repeated !/? reduced to one'),
      ...auditFields,
    }),
  examples: [
    {
      title: 'a well-formed title scores 100',
      input: { title: 'Sourdough Bread for Beginners: 7 Mistakes to Avoid (2025 Guide)', keywords: ['sourdough bread'] },
      output: {
        title: 'Sourdough Bread for Beginners: 7 Mistakes to Avoid (2025 Guide)',
        length: 63,
        visibleOnDesktop: 'Sourdough Bread for Beginners: 7 Mistakes to Avoid (2025 Guide)',
        visibleOnMobile: 'Sourdough Bread for Beginners: 7 Mistakes to Avoid (2025 Gu…',
        keywords: [{ keyword: 'sourdough bread', found: true, position: 0 }],
        cleanedTitle: 'Sourdough Bread for Beginners: 7 Mistakes to Avoid (2025 Guide)',
        score: 97,
        scoreBreakdown: { start: 100, 'title-may-truncate-on-mobile': -3 },
        findings: [
          {
            id: 'title-may-truncate-on-mobile',
            severity: 'low',
            title: 'Title may be cut on mobile',
            evidence: '63 characters; mobile shows about 60: "Sourdough Bread for Beginners: 7 Mistakes to Avoid (2025 Gu…"',
            fix: 'Keep the words that earn the click in the first 60 characters.',
          },
        ],
      },
    },
    {
      title: 'caps, clickbait punctuation and a buried keyword',
      input: { title: 'YOU WONT BELIEVE THIS!!! My honest review of the Sony A7 IV camera', keywords: ['sony a7 iv'] },
      output: {
        title: 'YOU WONT BELIEVE THIS!!! My honest review of the Sony A7 IV camera',
        length: 66,
        visibleOnDesktop: 'YOU WONT BELIEVE THIS!!! My honest review of the Sony A7 IV camera',
        visibleOnMobile: 'YOU WONT BELIEVE THIS!!! My honest review of the Sony A7 IV…',
        keywords: [{ keyword: 'sony a7 iv', found: true, position: 49 }],
        cleanedTitle: 'YOU WONT BELIEVE THIS! My honest review of the Sony A7 IV camera',
        score: 71,
        scoreBreakdown: {
          start: 100,
          'primary-keyword-late': -10,
          'clickbait-punctuation': -10,
          'title-may-truncate-on-mobile': -3,
          'caps-words': -3,
          'clickbait-phrases': -3,
        },
        findings: [
          {
            id: 'primary-keyword-late',
            severity: 'medium',
            title: 'Primary keyword is not front-loaded',
            evidence: '"sony a7 iv" starts at character 49',
            fix: 'Move "sony a7 iv" into the first 40 characters, ideally the first words.',
          },
          {
            id: 'clickbait-punctuation',
            severity: 'medium',
            title: 'Clickbait punctuation',
            evidence: '"!!!"',
            fix: 'Use at most one ! or ?; repeated punctuation reads as spam and can hurt click-through from wary viewers.',
          },
          {
            id: 'title-may-truncate-on-mobile',
            severity: 'low',
            title: 'Title may be cut on mobile',
            evidence: '66 characters; mobile shows about 60: "YOU WONT BELIEVE THIS!!! My honest review of the Sony A7 IV…"',
            fix: 'Keep the words that earn the click in the first 60 characters.',
          },
          {
            id: 'caps-words',
            severity: 'low',
            title: 'Several words in ALL CAPS',
            evidence: 'YOU, WONT, BELIEVE, THIS',
            fix: 'Capitalise at most one or two words for emphasis; title case reads better.',
          },
          {
            id: 'clickbait-phrases',
            severity: 'low',
            title: 'Clickbait phrasing',
            evidence: '"you wont believe"',
            fix: 'Promise something specific the video delivers; vague hype phrases lower trust and retention.',
          },
          {
            id: 'no-brackets',
            severity: 'info',
            title: 'No bracketed qualifier',
            evidence: 'no ( ) or [ ]',
            fix: 'A short qualifier such as (Full Review) or [2025] adds context without crowding the main phrase.',
          },
        ],
      },
    },
  ],
  run: ({ title, keywords = [] }) => {
    const findings: Finding[] = [];
    const add = (f: Finding): void => void findings.push(f);
    const chars = graphemes(title);
    const length = chars.length;
    const cut = (n: number): string => (length <= n ? title : `${chars.slice(0, n - 1).join('')}…`);

    if (length > MAX_TITLE) {
      add({
        id: 'title-over-limit',
        severity: 'high',
        title: `Title is over YouTube's ${MAX_TITLE}-character limit`,
        evidence: `${length} characters`,
        fix: `Shorten the title to ${MAX_TITLE} characters or fewer; YouTube will not save a longer one.`,
      });
    } else if (length > DESKTOP_VISIBLE) {
      add({
        id: 'title-truncated',
        severity: 'medium',
        title: 'Title is cut off in search and suggested videos',
        evidence: `${length} characters; desktop shows about ${DESKTOP_VISIBLE}: "${cut(DESKTOP_VISIBLE)}"`,
        fix: `Put the essential words in the first ${DESKTOP_VISIBLE} characters or shorten the title.`,
      });
    } else if (length > MOBILE_VISIBLE) {
      add({
        id: 'title-may-truncate-on-mobile',
        severity: 'low',
        title: 'Title may be cut on mobile',
        evidence: `${length} characters; mobile shows about ${MOBILE_VISIBLE}: "${cut(MOBILE_VISIBLE)}"`,
        fix: `Keep the words that earn the click in the first ${MOBILE_VISIBLE} characters.`,
      });
    }
    if (length < 20) {
      add({
        id: 'title-too-short',
        severity: 'low',
        title: 'Title is very short',
        evidence: `${length} characters`,
        fix: 'Use 40–70 characters: name the topic with its main keyword and say what the viewer gets.',
      });
    }
    if (/[<>]/.test(title)) {
      add({
        id: 'invalid-characters',
        severity: 'high',
        title: 'Title contains < or >',
        evidence: clip(title.match(/[<>]/g)?.join(' ') ?? ''),
        fix: 'Remove < and >: YouTube does not accept them in titles.',
      });
    }

    const keywordRows = keywords.map((keyword) => {
      const position = findKeyword(title, keyword);
      return { keyword, found: position >= 0, position: position >= 0 ? position : null };
    });
    const [primary, ...others] = keywordRows;
    if (primary && !primary.found) {
      add({
        id: 'primary-keyword-missing',
        severity: 'high',
        title: 'Primary keyword is missing',
        evidence: `"${primary.keyword}" does not appear in the title`,
        fix: `Include "${primary.keyword}" near the start of the title.`,
      });
    } else if (primary && (primary.position ?? 0) > FRONT) {
      add({
        id: 'primary-keyword-late',
        severity: 'medium',
        title: 'Primary keyword is not front-loaded',
        evidence: `"${primary.keyword}" starts at character ${primary.position}`,
        fix: `Move "${primary.keyword}" into the first ${FRONT} characters, ideally the first words.`,
      });
    }
    const missing = others.filter((k) => !k.found).map((k) => k.keyword);
    if (missing.length > 0) {
      add({
        id: 'secondary-keywords-missing',
        severity: 'info',
        title: 'Some secondary keywords are not in the title',
        evidence: missing.join(', '),
        fix: 'Fine to leave out; cover them in the description and tags if they do not fit naturally.',
      });
    }

    const letters = [...title].filter((c) => /\p{L}/u.test(c));
    const upper = letters.filter((c) => c !== c.toLowerCase() && c === c.toUpperCase()).length;
    const capsWords = title.split(/[^\p{L}\p{N}]+/u).filter((w) => [...w].length >= 3 && /\p{L}/u.test(w) && w === w.toUpperCase() && w !== w.toLowerCase());
    if (letters.length >= 10 && upper / letters.length >= 0.8) {
      add({
        id: 'all-caps',
        severity: 'medium',
        title: 'Title is in ALL CAPS',
        evidence: `${Math.round((100 * upper) / letters.length)}% of letters are capitals`,
        fix: 'Use title or sentence case; capitalise one word at most for emphasis.',
      });
    } else if (capsWords.length > 2) {
      add({
        id: 'caps-words',
        severity: 'low',
        title: 'Several words in ALL CAPS',
        evidence: clip(capsWords.join(', ')),
        fix: 'Capitalise at most one or two words for emphasis; title case reads better.',
      });
    }
    const punctuation = title.match(/[!?]{2,}/g) ?? [];
    if (punctuation.length > 0 || (title.match(/!/g)?.length ?? 0) >= 3) {
      add({
        id: 'clickbait-punctuation',
        severity: 'medium',
        title: 'Clickbait punctuation',
        evidence: punctuation.length ? punctuation.map((p) => `"${p}"`).join(', ') : 'three or more !',
        fix: 'Use at most one ! or ?; repeated punctuation reads as spam and can hurt click-through from wary viewers.',
      });
    }
    const folded = fold(title).replace(/[’']/g, "'");
    const phrases = CLICKBAIT_PHRASES.filter((p) => findKeyword(folded, p) >= 0);
    if (phrases.length > 0) {
      add({
        id: 'clickbait-phrases',
        severity: 'low',
        title: 'Clickbait phrasing',
        evidence: phrases.map((p) => `"${p}"`).join(', '),
        fix: 'Promise something specific the video delivers; vague hype phrases lower trust and retention.',
      });
    }
    const emoji = chars.filter((c) => EMOJI.test(c));
    if (emoji.length > 2) {
      add({
        id: 'emoji-overload',
        severity: 'low',
        title: 'Many emoji',
        evidence: `${emoji.length} emoji: ${emoji.join('')}`,
        fix: 'Keep one emoji at most; each takes space from words that can be searched.',
      });
    }
    const counts = new Map<string, number>();
    for (const word of fold(title).split(/[^\p{L}\p{N}]+/u)) {
      if ([...word].length >= 3 && !STOPWORDS.has(word)) counts.set(word, (counts.get(word) ?? 0) + 1);
    }
    const stuffed = [...counts].filter(([, n]) => n >= 3).map(([w, n]) => `"${w}" ×${n}`);
    if (stuffed.length > 0) {
      add({
        id: 'keyword-stuffing',
        severity: 'medium',
        title: 'Repeated words (keyword stuffing)',
        evidence: stuffed.join(', '),
        fix: "Use each keyword once in the title; repetition looks spammy and can violate YouTube's spam policy.",
      });
    }
    const hashtags = title.match(/(?<![\p{L}\p{N}_])#[\p{L}\p{N}_]+/gu) ?? [];
    if (hashtags.length > 0) {
      add({
        id: 'hashtags-in-title',
        severity: 'low',
        title: 'Hashtags in the title',
        evidence: hashtags.join(' '),
        fix: 'Move hashtags to the description: in the title they take space from the words viewers read.',
      });
    }
    if (title !== title.trim() || /\s{2,}/.test(title)) {
      add({
        id: 'extra-whitespace',
        severity: 'low',
        title: 'Extra spaces',
        evidence: 'leading, trailing or double spaces',
        fix: 'Trim the title and use single spaces (see cleanedTitle).',
      });
    }
    if (!/\p{N}/u.test(title)) {
      add({
        id: 'no-number',
        severity: 'info',
        title: 'No number in the title',
        evidence: 'no digits',
        fix: 'Where honest, a number (steps, items, a year, a price) makes a title more specific.',
      });
    }
    if (!/[()[\]]/.test(title)) {
      add({
        id: 'no-brackets',
        severity: 'info',
        title: 'No bracketed qualifier',
        evidence: 'no ( ) or [ ]',
        fix: 'A short qualifier such as (Full Review) or [2025] adds context without crowding the main phrase.',
      });
    }

    const cleanedTitle = title
      .replace(/[<>]/g, '')
      .replace(/([!?])[!?]+/g, '$1')
      .replace(/\s+/g, ' ')
      .trim();
    return {
      title,
      length: countGraphemes(title),
      visibleOnDesktop: cut(DESKTOP_VISIBLE),
      visibleOnMobile: cut(MOBILE_VISIBLE),
      keywords: keywordRows,
      cleanedTitle,
      ...score(findings),
    };
  },
});
