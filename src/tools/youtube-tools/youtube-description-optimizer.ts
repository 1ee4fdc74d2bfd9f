import { z } from 'zod';
import { countGraphemes, graphemes, words } from '../../lib/graphemes.ts';
import { splitLines } from '../../lib/lines.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { auditFields, clip, type Finding, findKeyword, fold, keywordsField, score } from './audit.ts';
import { formatTimestamp } from '../../lib/timestamp.ts';
import { escapeRegExp } from '../../lib/regexp.ts';

/** YouTube's limits and display rules (YouTube Help: "Add video chapters", "Use hashtags for your videos"). */
const MAX_DESCRIPTION = 5000;
const ABOVE_THE_FOLD = 150;
const MAX_HASHTAGS = 15;
const HASHTAGS_SHOWN = 3;
const MIN_CHAPTERS = 3;
const MIN_CHAPTER_SECONDS = 10;
const THIN_DESCRIPTION = 250;

const HASHTAG = /(?<![\p{L}\p{N}_&#])#([\p{L}\p{N}_]+)/gu;
const URL_RE = /\bhttps?:\/\/[^\s<>"')\]]+|\bwww\.[^\s<>"')\]]+/giu;
/** A chapter line: a timestamp at the start of a line (optionally after a bullet), then the chapter title. */
const CHAPTER_LINE = /^\s*(?:[-•*▶►]\s*)?\(?((?:\d{1,2}:)?\d{1,2}:\d{2})\)?\s*(?:[-–—:|]\s*)?(.*)$/u;
const CTA =
  /\b(subscribe|like (?:this|the) video|comment below|leave a comment|let me know|share (?:this|it)|turn on notifications|hit the bell|click (?:the|this) link|sign up|join (?:the|my|our)|download|get (?:the|your)|buy|shop|learn more|watch next|check out|follow (?:me|us))\b/iu;
const SHORTENERS = /^(?:https?:\/\/)?(?:www\.)?(?:bit\.ly|tinyurl\.com|t\.co|goo\.gl|ow\.ly|is\.gd|buff\.ly|rebrand\.ly|cutt\.ly)\//i;

export default defineTool({
  module: 'youtube-tools',
  slug: 'youtube-description-optimizer',
  cpu: 'large-input',
  title: 'YouTube description optimizer',
  description:
    `Audits a YouTube video description: the ${MAX_DESCRIPTION}-character limit, the first ${ABOVE_THE_FOLD} characters shown above the fold, ` +
    'keywords in the first two lines, hashtags (3–15; the first three appear above the title, more than 15 makes YouTube ignore them all), ' +
    `links, chapters (first at 0:00, at least ${MIN_CHAPTERS}, each at least ${MIN_CHAPTER_SECONDS} s, ascending — YouTube's rules for showing chapters), ` +
    'a call to action, and characters YouTube refuses (< >). Returns a 0–100 score with its breakdown, findings with fixes, and what it read ' +
    '(hashtags, links, chapters, keyword counts). Rule-based and offline.',
  keywords: ['youtube description', 'description optimizer', 'youtube seo', 'chapters', 'timestamps', 'hashtags', 'video description'],
  input: () =>
    z.object({
      description: z
        .string()
        .min(1, 'a description is required')
        .max(20_000, 'at most 20,000 characters (YouTube allows 5,000)')
        .describe('The video description to check'),
      title: z.string().max(1000, 'at most 1000 characters').optional().describe('The video title, to check that the opening supports it'),
      keywords: keywordsField,
    }),
  output: () =>
    z.object({
      length: z.number().int().describe(`Characters (limit ${MAX_DESCRIPTION})`),
      words: z.number().int().describe('Words'),
      lines: z.number().int().describe('Lines'),
      aboveTheFold: z.string().describe(`The first ${ABOVE_THE_FOLD} characters, shown before "…more" and in search results`),
      hashtags: z.array(z.string()).describe('Hashtags found, in order, without duplicates'),
      hashtagsShownAboveTitle: z.array(z.string()).describe(`The first ${HASHTAGS_SHOWN} hashtags, which YouTube shows above the title`),
      links: z.array(z.string()).describe('Links found, in order'),
      chapters: z
        .array(z.object({ timestamp: z.string(), seconds: z.number().int(), title: z.string(), line: z.number().int() }))
        .describe('Timestamp lines read as chapters, in the order written'),
      keywords: z
        .array(z.object({ keyword: z.string(), count: z.number().int(), inFirstTwoLines: z.boolean(), aboveTheFold: z.boolean() }))
        .describe(
          'Each keyword: how often it appears (whole words, case- and accent-insensitive) and whether it is in the first two lines / first 150 characters',
        ),
      callToAction: z.string().nullable().describe('The first call to action found (subscribe, comment, link…), or null'),
      ...auditFields,
    }),
  examples: [
    {
      title: 'a complete description with chapters, hashtags and a call to action',
      input: {
        title: 'Sourdough Bread for Beginners',
        keywords: ['sourdough bread'],
        description:
          'Learn how to bake sourdough bread at home with a simple, beginner-friendly recipe: starter, dough, shaping and baking.\n' +
          'Everything you need is in the list below, plus the printable recipe.\n\n' +
          'Chapters:\n0:00 Intro\n0:45 Feeding the starter\n3:10 Mixing the dough\n7:30 Shaping and baking\n\n' +
          'Printable recipe: https://example.com/sourdough\n' +
          'Subscribe for a new bread recipe every week and leave a comment with your questions!\n\n' +
          '#sourdough #baking #breadrecipe',
      },
      output: {
        length: 447,
        words: 73,
        lines: 13,
        aboveTheFold:
          'Learn how to bake sourdough bread at home with a simple, beginner-friendly recipe: starter, dough, shaping and baking. Everything you need is in the …',
        hashtags: ['#sourdough', '#baking', '#breadrecipe'],
        hashtagsShownAboveTitle: ['#sourdough', '#baking', '#breadrecipe'],
        links: ['https://example.com/sourdough'],
        chapters: [
          { timestamp: '0:00', seconds: 0, title: 'Intro', line: 5 },
          { timestamp: '0:45', seconds: 45, title: 'Feeding the starter', line: 6 },
          { timestamp: '3:10', seconds: 190, title: 'Mixing the dough', line: 7 },
          { timestamp: '7:30', seconds: 450, title: 'Shaping and baking', line: 8 },
        ],
        keywords: [{ keyword: 'sourdough bread', count: 1, inFirstTwoLines: true, aboveTheFold: true }],
        callToAction: 'Subscribe',
        score: 100,
        scoreBreakdown: { start: 100 },
        findings: [],
      },
    },
    {
      title: 'chapters that YouTube will not show, no hashtags, keyword buried',
      input: {
        keywords: ['budget travel'],
        description: 'Hi everyone, welcome back to the channel.\n\n1:00 Packing\n0:30 Flights\n\nThanks for watching my budget travel tips.',
      },
      output: {
        length: 112,
        words: 20,
        lines: 6,
        aboveTheFold: 'Hi everyone, welcome back to the channel. 1:00 Packing 0:30 Flights Thanks for watching my budget travel tips.',
        hashtags: [],
        hashtagsShownAboveTitle: [],
        links: [],
        chapters: [
          { timestamp: '1:00', seconds: 60, title: 'Packing', line: 3 },
          { timestamp: '0:30', seconds: 30, title: 'Flights', line: 4 },
        ],
        keywords: [{ keyword: 'budget travel', count: 1, inFirstTwoLines: false, aboveTheFold: true }],
        callToAction: null,
        score: 21,
        scoreBreakdown: {
          start: 100,
          'chapters-first-not-zero': -25,
          'chapters-not-ascending': -25,
          'keyword-not-in-first-lines': -10,
          'chapters-too-few': -10,
          'description-thin': -3,
          'no-hashtags': -3,
          'no-call-to-action': -3,
        },
        findings: [
          {
            id: 'chapters-first-not-zero',
            severity: 'high',
            title: 'First chapter does not start at 0:00',
            evidence: 'first timestamp 1:00 (line 3)',
            fix: 'Start the list with "0:00 Intro" (or similar); otherwise YouTube shows no chapters.',
          },
          {
            id: 'chapters-not-ascending',
            severity: 'high',
            title: 'Chapter timestamps are not in ascending order',
            evidence: '0:30 (line 4)',
            fix: 'List chapters in time order with no repeats; otherwise YouTube shows no chapters.',
          },
          {
            id: 'keyword-not-in-first-lines',
            severity: 'medium',
            title: 'Primary keyword is not in the first two lines',
            evidence: '"budget travel" first appears later',
            fix: 'Move "budget travel" into the first sentence, above the fold.',
          },
          {
            id: 'chapters-too-few',
            severity: 'medium',
            title: 'Fewer than 3 chapters',
            evidence: '2 timestamps',
            fix: 'Add at least 3 chapters; YouTube ignores shorter lists.',
          },
          {
            id: 'description-thin',
            severity: 'low',
            title: 'Description is thin',
            evidence: '112 characters',
            fix: 'Write at least two or three sentences (250+ characters) saying what the video covers, using its keywords naturally.',
          },
          {
            id: 'no-hashtags',
            severity: 'low',
            title: 'No hashtags',
            evidence: 'none found',
            fix: 'Add 3–5 relevant hashtags; the first three are shown above the title.',
          },
          {
            id: 'no-call-to-action',
            severity: 'low',
            title: 'No call to action',
            evidence: 'no subscribe, comment, link or sign-up prompt found',
            fix: 'Ask for one clear action: subscribe, comment with a question, or follow a link.',
          },
          {
            id: 'no-links',
            severity: 'info',
            title: 'No links',
            evidence: 'none found',
            fix: 'Link related videos, a playlist, your site or the resources you mention.',
          },
        ],
      },
    },
  ],
  run: ({ description, title, keywords = [] }) => {
    const findings: Finding[] = [];
    const add = (f: Finding): void => void findings.push(f);
    const length = countGraphemes(description);
    const lines = splitLines(description);
    const chars = graphemes(description);
    const foldText = chars
      .slice(0, ABOVE_THE_FOLD)
      .join('')
      .replace(/\s*[\r\n]+\s*/g, ' ');
    const aboveTheFold =
      length <= ABOVE_THE_FOLD
        ? foldText
        : `${chars
            .slice(0, ABOVE_THE_FOLD - 1)
            .join('')
            .replace(/\s*[\r\n]+\s*/g, ' ')}…`;

    // Length.
    if (length > MAX_DESCRIPTION) {
      add({
        id: 'description-over-limit',
        severity: 'high',
        title: `Description is over YouTube's ${MAX_DESCRIPTION}-character limit`,
        evidence: `${length} characters`,
        fix: `Cut it to ${MAX_DESCRIPTION} characters; move long lists or transcripts to a linked page.`,
      });
    } else if (length < THIN_DESCRIPTION) {
      add({
        id: 'description-thin',
        severity: 'low',
        title: 'Description is thin',
        evidence: `${length} characters`,
        fix: 'Write at least two or three sentences (250+ characters) saying what the video covers, using its keywords naturally.',
      });
    }
    if (/[<>]/.test(description)) {
      add({
        id: 'invalid-characters',
        severity: 'high',
        title: 'Description contains < or >',
        evidence: clip((description.match(/.{0,20}[<>].{0,20}/u) ?? [''])[0]),
        fix: 'Remove < and >: YouTube does not accept them in descriptions.',
      });
    }
    const firstLine = lines.find((l) => l.trim() !== '') ?? '';
    if (/^\s*(https?:\/\/|www\.|#)/i.test(firstLine)) {
      add({
        id: 'weak-opening-line',
        severity: 'medium',
        title: 'The description opens with a link or hashtags',
        evidence: clip(firstLine),
        fix: 'Open with a sentence that says what the video is about; the first line is what search and the collapsed description show.',
      });
    }

    // Keywords.
    const firstTwoLines = lines
      .filter((l) => l.trim() !== '')
      .slice(0, 2)
      .join('\n');
    const keywordRows = keywords.map((keyword) => {
      const pattern = escapeRegExp(fold(keyword).trim()).replace(/\s+/g, '\\s+');
      const count = (fold(description).match(new RegExp(`(?<![\\p{L}\\p{N}])${pattern}(?![\\p{L}\\p{N}])`, 'gu')) ?? []).length;
      return { keyword, count, inFirstTwoLines: findKeyword(firstTwoLines, keyword) >= 0, aboveTheFold: findKeyword(foldText, keyword) >= 0 };
    });
    const [primary] = keywordRows;
    if (primary && primary.count === 0) {
      add({
        id: 'primary-keyword-missing',
        severity: 'high',
        title: 'Primary keyword is missing',
        evidence: `"${primary.keyword}" does not appear`,
        fix: `Use "${primary.keyword}" in the first sentence and once or twice more where it reads naturally.`,
      });
    } else if (primary && !primary.inFirstTwoLines) {
      add({
        id: 'keyword-not-in-first-lines',
        severity: 'medium',
        title: 'Primary keyword is not in the first two lines',
        evidence: `"${primary.keyword}" first appears later`,
        fix: `Move "${primary.keyword}" into the first sentence, above the fold.`,
      });
    }
    const totalWords = words(description).length;
    for (const row of keywordRows) {
      const keywordWords = Math.max(1, words(row.keyword).length);
      if (row.count >= 4 && totalWords > 0 && (row.count * keywordWords) / totalWords > 0.03) {
        add({
          id: `keyword-stuffing-${fold(row.keyword).replace(/[^\p{L}\p{N}]+/gu, '-')}`,
          severity: 'medium',
          title: 'Keyword repeated too often',
          evidence: `"${row.keyword}" ×${row.count} in ${totalWords} words`,
          fix: "Use the keyword two or three times and synonyms elsewhere; stuffing can break YouTube's spam policy.",
        });
      }
    }
    const missingOthers = keywordRows
      .slice(1)
      .filter((k) => k.count === 0)
      .map((k) => k.keyword);
    if (missingOthers.length > 0) {
      add({
        id: 'secondary-keywords-missing',
        severity: 'info',
        title: 'Some secondary keywords do not appear',
        evidence: missingOthers.join(', '),
        fix: 'Mention them once where they fit the content.',
      });
    }
    if (title !== undefined && title.trim() !== '') {
      const titleWords = fold(title)
        .split(/[^\p{L}\p{N}]+/u)
        .filter((w) => [...w].length >= 4);
      if (titleWords.length > 0 && !titleWords.some((w) => findKeyword(foldText, w) >= 0)) {
        add({
          id: 'opening-ignores-title',
          severity: 'low',
          title: 'The opening does not echo the title',
          evidence: `no word of "${clip(title, 60)}" in the first ${ABOVE_THE_FOLD} characters`,
          fix: "Restate the title's topic in the first sentence so viewers and search see they match.",
        });
      }
    }

    // Hashtags: YouTube ignores every hashtag of a video that has more than 15; the first three show above the title.
    const hashtagsAll = [...description.replace(URL_RE, ' ').matchAll(HASHTAG)].map((m) => m[0]); // a URL's #fragment is not a hashtag
    const hashtags = [...new Map(hashtagsAll.map((h) => [fold(h), h])).values()];
    if (hashtags.length > MAX_HASHTAGS) {
      add({
        id: 'too-many-hashtags',
        severity: 'high',
        title: `More than ${MAX_HASHTAGS} hashtags`,
        evidence: `${hashtags.length} hashtags`,
        fix: `Keep 3–5 relevant hashtags: with more than ${MAX_HASHTAGS}, YouTube ignores all of them.`,
      });
    } else if (hashtags.length === 0) {
      add({
        id: 'no-hashtags',
        severity: 'low',
        title: 'No hashtags',
        evidence: 'none found',
        fix: 'Add 3–5 relevant hashtags; the first three are shown above the title.',
      });
    } else if (hashtags.length < HASHTAGS_SHOWN) {
      add({
        id: 'few-hashtags',
        severity: 'info',
        title: 'Fewer than three hashtags',
        evidence: hashtags.join(' '),
        fix: 'Three hashtags fill the slots YouTube shows above the title.',
      });
    }
    const longTags = hashtags.filter((h) => [...h].length > 30);
    if (longTags.length > 0) {
      add({
        id: 'long-hashtags',
        severity: 'low',
        title: 'Very long hashtags',
        evidence: clip(longTags.join(' ')),
        fix: 'Use short hashtags people actually search for.',
      });
    }

    // Links.
    const links = [...description.matchAll(URL_RE)].map((m) => m[0].replace(/[.,;:!?]+$/, ''));
    if (links.length === 0) {
      add({
        id: 'no-links',
        severity: 'info',
        title: 'No links',
        evidence: 'none found',
        fix: 'Link related videos, a playlist, your site or the resources you mention.',
      });
    }
    const insecure = links.filter((l) => /^http:\/\//i.test(l));
    if (insecure.length > 0) {
      add({ id: 'insecure-links', severity: 'low', title: 'Links without https', evidence: clip(insecure.join(' ')), fix: 'Use https:// links.' });
    }
    const shortened = links.filter((l) => SHORTENERS.test(l));
    if (shortened.length > 0) {
      add({
        id: 'shortened-links',
        severity: 'low',
        title: 'Shortened links',
        evidence: clip(shortened.join(' ')),
        fix: 'Use full links: viewers trust a visible destination, and YouTube may flag shorteners used for spam.',
      });
    }

    // Chapters (YouTube Help "Add video chapters": first at 0:00, at least three, each at least 10 s, ascending).
    const chapters = lines.flatMap((line, i) => {
      const match = CHAPTER_LINE.exec(line);
      if (!match) return [];
      const timestamp = match[1] ?? '';
      const parts = timestamp.split(':').map(Number);
      const seconds = parts.reduce((acc, p) => acc * 60 + p, 0);
      const valid = parts.slice(1).every((p) => p < 60);
      return valid ? [{ timestamp: formatTimestamp(seconds), seconds, title: (match[2] ?? '').trim(), line: i + 1 }] : [];
    });
    if (chapters.length > 0) {
      const [first] = chapters;
      if (first && first.seconds !== 0) {
        add({
          id: 'chapters-first-not-zero',
          severity: 'high',
          title: 'First chapter does not start at 0:00',
          evidence: `first timestamp ${first.timestamp} (line ${first.line})`,
          fix: 'Start the list with "0:00 Intro" (or similar); otherwise YouTube shows no chapters.',
        });
      }
      const descending = chapters.filter((c, i) => i > 0 && c.seconds <= (chapters[i - 1]?.seconds ?? 0));
      if (descending.length > 0) {
        add({
          id: 'chapters-not-ascending',
          severity: 'high',
          title: 'Chapter timestamps are not in ascending order',
          evidence: descending.map((c) => `${c.timestamp} (line ${c.line})`).join(', '),
          fix: 'List chapters in time order with no repeats; otherwise YouTube shows no chapters.',
        });
      }
      if (chapters.length < MIN_CHAPTERS) {
        add({
          id: 'chapters-too-few',
          severity: 'medium',
          title: `Fewer than ${MIN_CHAPTERS} chapters`,
          evidence: `${chapters.length} timestamp${chapters.length === 1 ? '' : 's'}`,
          fix: `Add at least ${MIN_CHAPTERS} chapters; YouTube ignores shorter lists.`,
        });
      }
      const short = chapters.filter((c, i) => {
        const next = chapters[i + 1];
        return next !== undefined && next.seconds > c.seconds && next.seconds - c.seconds < MIN_CHAPTER_SECONDS;
      });
      if (short.length > 0) {
        add({
          id: 'chapters-too-short',
          severity: 'medium',
          title: `Chapters shorter than ${MIN_CHAPTER_SECONDS} seconds`,
          evidence: short.map((c) => `${c.timestamp} ${clip(c.title, 30)}`).join(', '),
          fix: `Merge chapters so each lasts at least ${MIN_CHAPTER_SECONDS} seconds; otherwise YouTube shows no chapters.`,
        });
      }
      const untitled = chapters.filter((c) => c.title === '');
      if (untitled.length > 0) {
        add({
          id: 'chapters-untitled',
          severity: 'low',
          title: 'Chapters without a title',
          evidence: untitled.map((c) => c.timestamp).join(', '),
          fix: 'Give every timestamp a short, descriptive title (keywords help).',
        });
      }
    } else if (length >= 1000) {
      add({
        id: 'no-chapters',
        severity: 'info',
        title: 'No chapters',
        evidence: 'no timestamp lines',
        fix: 'For videos over a few minutes, add chapters ("0:00 Intro", …): they appear in search as key moments.',
      });
    }

    // Call to action.
    const cta = CTA.exec(description);
    if (!cta) {
      add({
        id: 'no-call-to-action',
        severity: 'low',
        title: 'No call to action',
        evidence: 'no subscribe, comment, link or sign-up prompt found',
        fix: 'Ask for one clear action: subscribe, comment with a question, or follow a link.',
      });
    }

    return {
      length,
      words: totalWords,
      lines: lines.length,
      aboveTheFold,
      hashtags,
      hashtagsShownAboveTitle: hashtags.slice(0, HASHTAGS_SHOWN),
      links,
      chapters,
      keywords: keywordRows,
      callToAction: cta ? (cta[0] ?? null) : null,
      ...score(findings),
    };
  },
});
