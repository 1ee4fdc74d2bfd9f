/**
 * Pixel widths of SERP snippets with a per-character width table: Arial (metric-compatible with
 * Helvetica; the widths are the Helvetica AFM advance widths in 1/1000 em). Titles are measured at
 * Arial 16 px against 580 px, descriptions at Arial 13 px against 920 px. Letters with diacritics take
 * their base letter's width; CJK and other wide characters 1 em; anything else 0.556 em.
 */
const ASCII_WIDTHS: Record<string, number> = {};
const W: Array<[string, number]> = [
  [' ', 278],
  ['!', 278],
  ['"', 355],
  ['#', 556],
  ['$', 556],
  ['%', 889],
  ['&', 667],
  ["'", 191],
  ['(', 333],
  [')', 333],
  ['*', 389],
  ['+', 584],
  [',', 278],
  ['-', 333],
  ['.', 278],
  ['/', 278],
  ['0', 556],
  ['1', 556],
  ['2', 556],
  ['3', 556],
  ['4', 556],
  ['5', 556],
  ['6', 556],
  ['7', 556],
  ['8', 556],
  ['9', 556],
  [':', 278],
  [';', 278],
  ['<', 584],
  ['=', 584],
  ['>', 584],
  ['?', 556],
  ['@', 1015],
  ['A', 667],
  ['B', 667],
  ['C', 722],
  ['D', 722],
  ['E', 667],
  ['F', 611],
  ['G', 778],
  ['H', 722],
  ['I', 278],
  ['J', 500],
  ['K', 667],
  ['L', 556],
  ['M', 833],
  ['N', 722],
  ['O', 778],
  ['P', 667],
  ['Q', 778],
  ['R', 722],
  ['S', 667],
  ['T', 611],
  ['U', 722],
  ['V', 667],
  ['W', 944],
  ['X', 667],
  ['Y', 667],
  ['Z', 611],
  ['[', 278],
  ['\\', 278],
  [']', 278],
  ['^', 469],
  ['_', 556],
  ['`', 333],
  ['a', 556],
  ['b', 556],
  ['c', 500],
  ['d', 556],
  ['e', 556],
  ['f', 278],
  ['g', 556],
  ['h', 556],
  ['i', 222],
  ['j', 222],
  ['k', 500],
  ['l', 222],
  ['m', 833],
  ['n', 556],
  ['o', 556],
  ['p', 556],
  ['q', 556],
  ['r', 333],
  ['s', 500],
  ['t', 278],
  ['u', 556],
  ['v', 500],
  ['w', 722],
  ['x', 500],
  ['y', 500],
  ['z', 500],
  ['{', 334],
  ['|', 260],
  ['}', 334],
  ['~', 584],
  ['–', 556],
  ['—', 1000],
  ['‘', 222],
  ['’', 222],
  ['“', 333],
  ['”', 333],
  ['…', 1000],
  ['•', 350],
  ['·', 278],
  ['©', 737],
  ['®', 737],
  ['™', 1000],
  ['€', 556],
  ['£', 556],
  ['«', 556],
  ['»', 556],
  ['|', 260],
];
for (const [c, w] of W) ASCII_WIDTHS[c] = w;

const WIDE =
  /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]|[\u{1f300}-\u{1faff}]/u;

export const TITLE_FONT_PX = 16;
export const TITLE_LIMIT_PX = 580;
export const DESCRIPTION_FONT_PX = 13;
export const DESCRIPTION_LIMIT_PX = 920;
export const FONT_NOTE = `Arial per-character width table (Helvetica AFM metrics): titles at ${TITLE_FONT_PX} px against ${TITLE_LIMIT_PX} px, descriptions at ${DESCRIPTION_FONT_PX} px against ${DESCRIPTION_LIMIT_PX} px`;

function charUnits(ch: string): number {
  const direct = ASCII_WIDTHS[ch];
  if (direct !== undefined) return direct;
  const base = ch.normalize('NFD').replace(/\p{M}/gu, '');
  if (base.length === 1 && ASCII_WIDTHS[base] !== undefined) return ASCII_WIDTHS[base];
  if (WIDE.test(ch)) return 1000;
  if (/\p{M}/u.test(ch)) return 0;
  return 556;
}

export function pixelWidth(text: string, fontPx: number): number {
  let units = 0;
  for (const ch of text) units += charUnits(ch);
  return Math.round((units * fontPx) / 1000);
}

/** The text as shown within `limitPx`: cut at the last whole word that fits with " ..." appended. */
export function truncateToWidth(text: string, fontPx: number, limitPx: number): { shown: string; truncated: boolean } {
  if (pixelWidth(text, fontPx) <= limitPx) return { shown: text, truncated: false };
  const ellipsis = ' ...';
  const budget = limitPx - pixelWidth(ellipsis, fontPx);
  let out = '';
  for (const ch of text) {
    if (pixelWidth(out + ch, fontPx) > budget) break;
    out += ch;
  }
  const cut = out.lastIndexOf(' ');
  const shown = (cut > out.length * 0.6 ? out.slice(0, cut) : out).trimEnd();
  return { shown: `${shown}${ellipsis}`, truncated: true };
}
