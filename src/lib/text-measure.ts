import type * as EastAsianWidth from 'get-east-asian-width';
import { graphemes } from './graphemes.ts';
import { lazy, lazyValue } from './lazy.ts';

const eastAsianWidth = lazy<typeof EastAsianWidth>('get-east-asian-width');

/**
 * How ad and social platforms count text (marketing-apis' counters and text-intelligence's snippet-maker).
 * - graphemes: user-perceived characters (👍🏽, 🇯🇵 and é count once) — Meta, LinkedIn, Instagram, Bluesky.
 * - double-width: East Asian Wide/Fullwidth characters (Chinese, Japanese, Korean, full-width forms)
 *   count 2 — Google Ads and Microsoft Advertising document this for their limits; emoji are wide too.
 * - x-weighted: the X (Twitter) weighting of twitter-text config v3: code points in U+0000–U+10FF,
 *   U+2000–U+200D, U+2010–U+201F and U+2032–U+2037 weigh 1, everything else 2, an emoji sequence 2,
 *   and every URL 23 whatever its length.
 */
export type CountMethod = 'graphemes' | 'double-width' | 'x-weighted';

/** Compiled on first use: the RGI_Emoji set expands to thousands of sequences (~30 ms at import otherwise). */
const rgiEmoji = lazyValue(() => /^\p{RGI_Emoji}$/v);
const EMOJI_PRESENTATION = /^\p{Emoji_Presentation}/u;

export function isEmoji(grapheme: string): boolean {
  return rgiEmoji().test(grapheme) || EMOJI_PRESENTATION.test(grapheme);
}

export function isDoubleWidth(grapheme: string): boolean {
  const cp = grapheme.codePointAt(0);
  if (cp === undefined) return false;
  return isEmoji(grapheme) || eastAsianWidth().eastAsianWidth(cp) === 2;
}

export interface Measure {
  /** The length the platform counts. */
  counted: number;
  graphemes: number;
  emoji: number;
  doubleWidth: number;
  urls: number;
}

/** URLs as X and Mastodon recognise them, approximately: a scheme, `www.`, or a bare domain with a common TLD. */
const URL_PATTERN =
  /\b(?:https?:\/\/[^\s<>"]+|www\.[^\s<>"]+|(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:com|net|org|io|co|ai|app|dev|me|info|biz|xyz|shop|store|online|site|tech|blog|news|ly|gl|gg|tv|us|uk|de|fr|es|it|nl|eu|ca|au|in|jp|br|ru|ch|se|no|pl|link|page|club|live|pro)\b(?:\/[^\s<>"]*)?)/giu;
const TRAILING_PUNCTUATION = /[.,!?;:)\]}'"»”’]+$/u;

export function findUrls(text: string): { url: string; start: number; end: number }[] {
  const out: { url: string; start: number; end: number }[] = [];
  for (const m of text.matchAll(URL_PATTERN)) {
    const raw = m[0].replace(TRAILING_PUNCTUATION, '');
    const start = m.index ?? 0;
    const before = start > 0 ? text[start - 1] : '';
    if (before === '@' || before === '.' || (before !== undefined && /[\p{L}\p{N}_]/u.test(before))) continue;
    if (raw.length > 0) out.push({ url: raw, start, end: start + raw.length });
  }
  return out;
}

function xWeight(codePoint: number): number {
  if (codePoint <= 4351) return 1;
  if (codePoint >= 8192 && codePoint <= 8205) return 1;
  if (codePoint >= 8208 && codePoint <= 8223) return 1;
  if (codePoint >= 8242 && codePoint <= 8247) return 1;
  return 2;
}

/** Measures a text the way a platform counts it; URLs count `urlLength` each when given (X: 23, Mastodon: 23). */
export function measure(text: string, method: CountMethod, urlLength?: number): Measure {
  const normalized = method === 'x-weighted' ? text.normalize('NFC') : text;
  const urls = urlLength === undefined ? [] : findUrls(normalized);
  let counted = 0;
  let all = 0;
  let emoji = 0;
  let doubleWidth = 0;
  let cursor = 0;
  const segments: { text: string; url: boolean }[] = [];
  for (const u of urls) {
    if (u.start > cursor) segments.push({ text: normalized.slice(cursor, u.start), url: false });
    segments.push({ text: u.url, url: true });
    cursor = u.end;
  }
  if (cursor < normalized.length) segments.push({ text: normalized.slice(cursor), url: false });
  for (const segment of segments) {
    const parts = graphemes(segment.text);
    all += parts.length;
    if (segment.url) {
      counted += urlLength ?? parts.length;
      continue;
    }
    for (const g of parts) {
      // Fast path: one code unit below U+1100 is narrow, not an emoji and weighs 1 everywhere.
      if (g.length === 1 && g.charCodeAt(0) < 0x1100) {
        counted += 1;
        continue;
      }
      const isE = isEmoji(g);
      const wide = isDoubleWidth(g);
      if (isE) emoji++;
      if (wide) doubleWidth++;
      if (method === 'graphemes') counted += 1;
      else if (method === 'double-width') counted += wide ? 2 : 1;
      else if (isE) counted += 2;
      else for (const ch of g) counted += xWeight(ch.codePointAt(0) ?? 0);
    }
  }
  return { counted, graphemes: all, emoji, doubleWidth, urls: urls.length };
}

/** The longest prefix whose counted length fits `limit` (whole graphemes, never a broken emoji). */
export function truncateTo(text: string, limit: number, method: CountMethod): string {
  let out = '';
  let used = 0;
  for (const g of graphemes(text)) {
    const w =
      method === 'graphemes'
        ? 1
        : method === 'double-width'
          ? isDoubleWidth(g)
            ? 2
            : 1
          : isEmoji(g)
            ? 2
            : [...g].reduce((s, ch) => s + xWeight(ch.codePointAt(0) ?? 0), 0);
    if (used + w > limit) break;
    used += w;
    out += g;
  }
  return out;
}

const HASHTAG = /(^|[^\p{L}\p{N}_&/])[#＃]([\p{L}\p{M}\p{N}_]*[\p{L}\p{M}_][\p{L}\p{M}\p{N}_]*)/gu;
const MENTION = /(^|[^\p{L}\p{N}_@/.])@([A-Za-z0-9_](?:[A-Za-z0-9_.]{0,98}[A-Za-z0-9_])?)/gu;

export function findHashtags(text: string): string[] {
  return Array.from(text.matchAll(HASHTAG), (m) => `#${m[2] ?? ''}`);
}

export function findMentions(text: string): string[] {
  return Array.from(text.matchAll(MENTION), (m) => `@${m[2] ?? ''}`);
}

/** Words of a text for counting (Unicode letters/digits runs, apostrophes kept). */
export function wordList(text: string): string[] {
  return text.match(/[\p{L}\p{M}\p{N}]+(?:['’][\p{L}\p{M}\p{N}]+)*/gu) ?? [];
}
