/**
 * Line handling shared by the text tools. A line break is CRLF, LF, CR, VT, FF, NEL, U+2028 or
 * U+2029: text pasted from Windows, old Mac files, Word (VT) or the web all split the same way.
 */
// `\r(?!\n)`: so that a backtracking regex can never read CRLF as two breaks.
export const LINE_BREAK = String.raw`(?:\r\n|\r(?!\n)|[\n\v\f\u0085\u2028\u2029])`;

/** Whitespace that is not a line break (space, tab, no-break and the other Unicode spaces). */
export const HORIZONTAL_SPACE = String.raw`[^\S\n\r\v\f\u0085\u2028\u2029]`;

const LINE_BREAK_RE = new RegExp(LINE_BREAK, 'u');
const SPLIT_RE = new RegExp(LINE_BREAK, 'gu');

/** Splits at every line break; `''` gives `['']`, `'a\n'` gives `['a', '']`. */
export function splitLines(text: string): string[] {
  return text.split(SPLIT_RE);
}

export function hasLineBreak(text: string): boolean {
  return LINE_BREAK_RE.test(text);
}

/** The first line break the text uses (`\r\n`, `\r` or `\n`), so output keeps the input's convention; `\n` otherwise. */
export function lineEnding(text: string): string {
  const match = LINE_BREAK_RE.exec(text);
  if (match === null) return '\n';
  return match[0] === '\r\n' || match[0] === '\r' ? match[0] : '\n';
}

/** Counts line breaks (CRLF counts once). */
export function countLineBreaks(text: string): number {
  let count = 0;
  for (const _ of text.matchAll(SPLIT_RE)) count++;
  return count;
}

const HORIZONTAL_SPACE_CHAR = new RegExp(`^${HORIZONTAL_SPACE}$`, 'u');

function isHorizontalSpace(text: string, index: number): boolean {
  return HORIZONTAL_SPACE_CHAR.test(text.charAt(index));
}

/**
 * Trims spaces and tabs (not line breaks) from one or both ends. A loop, not `/\s+$/`: that regex
 * is quadratic on a long run of spaces in the middle of the text.
 */
export function trimSpaces(text: string, start = true, end = true): string {
  let from = 0;
  let to = text.length;
  if (start) while (from < to && isHorizontalSpace(text, from)) from++;
  if (end) while (to > from && isHorizontalSpace(text, to - 1)) to--;
  return text.slice(from, to);
}

/** Lines as an editor counts them: `''` has none, and a final line break does not start another. */
export function countLines(text: string): number {
  if (text === '') return 0;
  const lines = splitLines(text);
  return lines.at(-1) === '' ? lines.length - 1 : lines.length;
}

/** Where offsets of one text stand: 1-based line and column (lines end at every line break above, CRLF once; offsets and columns in UTF-16 units). */
export interface LinePositions {
  /** How many lines the text has (line breaks + 1; an empty text has one). */
  lineCount: number;
  position(index: number): { line: number; column: number };
}

/** Indexes the line starts once; each position is then a binary search (a linear scan per offset is quadratic on long texts). */
export function linePositions(text: string): LinePositions {
  const lineStarts = [0];
  for (const lineBreak of text.matchAll(SPLIT_RE)) lineStarts.push(lineBreak.index + lineBreak[0].length);
  return {
    lineCount: lineStarts.length,
    position(index) {
      let lo = 0;
      let hi = lineStarts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if ((lineStarts[mid] ?? 0) <= index) lo = mid;
        else hi = mid - 1;
      }
      return { line: lo + 1, column: index - (lineStarts[lo] ?? 0) + 1 };
    },
  };
}
