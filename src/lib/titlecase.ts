import { titleCase } from 'title-case';

/**
 * Unicode titlecase of a word's first letter (JavaScript has `toUpperCase` but no `toTitleCase`). The full
 * titlecase mapping differs from the full uppercase one only for the characters below; every other character
 * titlecases as `toUpperCase` maps it. From the Unicode Character Database: UnicodeData.txt field 14
 * (Simple_Titlecase_Mapping: the DŽ/Lj/Nj/Dz digraphs, Georgian Mkhedruli, which titlecases to itself since Unicode
 * 11, and the Greek letters with ypogegrammeni) and the title column of SpecialCasing.txt (ß → Ss, the Latin and
 * Armenian ligatures, և → Եւ, the Greek letters with ypogegrammeni whose uppercase is two letters). Checked against
 * python3's str.title() for every code point (text-utilities.test.ts holds the table's expected values).
 */
const TITLECASE = new Map<string, string>();
const set = (from: number, to: number | string): void => {
  TITLECASE.set(String.fromCodePoint(from), typeof to === 'number' ? String.fromCodePoint(to) : to);
};
// DŽ Dž dž → Dž, LJ Lj lj → Lj, NJ Nj nj → Nj, DZ Dz dz → Dz.
for (const titlecase of [0x01c5, 0x01c8, 0x01cb, 0x01f2]) for (let cp = titlecase - 1; cp <= titlecase + 1; cp++) set(cp, titlecase);
// Georgian Mkhedruli letters: their uppercase is Mtavruli, their titlecase themselves.
for (let cp = 0x10d0; cp <= 0x10ff; cp++) if (cp !== 0x10fb && cp !== 0x10fc) set(cp, cp);
// Greek with ypogegrammeni: ᾀ → ᾈ (uppercase ἈΙ), and the titlecase letters ᾈ… stay as they are.
for (const base of [0x1f80, 0x1f90, 0x1fa0]) {
  for (let cp = base; cp < base + 8; cp++) {
    set(cp, cp + 8);
    set(cp + 8, cp + 8);
  }
}
for (const title of [0x1fbc, 0x1fcc, 0x1ffc]) {
  set(title - 9, title); // ᾳ ῃ ῳ
  set(title, title);
}
for (const [from, to] of [
  [0x00df, 'Ss'],
  [0x0587, '\u0535\u0582'],
  [0x1fb2, '\u1fba\u0345'],
  [0x1fb4, '\u0386\u0345'],
  [0x1fb7, '\u0391\u0342\u0345'],
  [0x1fc2, '\u1fca\u0345'],
  [0x1fc4, '\u0389\u0345'],
  [0x1fc7, '\u0397\u0342\u0345'],
  [0x1ff2, '\u1ffa\u0345'],
  [0x1ff4, '\u038f\u0345'],
  [0x1ff7, '\u03a9\u0342\u0345'],
  [0xfb00, 'Ff'],
  [0xfb01, 'Fi'],
  [0xfb02, 'Fl'],
  [0xfb03, 'Ffi'],
  [0xfb04, 'Ffl'],
  [0xfb05, 'St'],
  [0xfb06, 'St'],
  [0xfb13, '\u0544\u0576'],
  [0xfb14, '\u0544\u0565'],
  [0xfb15, '\u0544\u056b'],
  [0xfb16, '\u054e\u0576'],
  [0xfb17, '\u0544\u056d'],
] as const) {
  set(from, to);
}

/** Languages with casing rules of their own in SpecialCasing.txt (i → İ in Turkish and Azeri; Lithuanian dots). */
const CASING_LANGUAGES = new Set(['tr', 'az', 'lt']);

/**
 * The titlecase of one character (a code point). `locale` matters only for Turkish, Azeri and Lithuanian; other
 * languages' uppercasing rules (Greek drops its accents in capitals) are not titlecasing rules.
 */
export function titlecaseChar(ch: string, locale?: string): string {
  const mapped = TITLECASE.get(ch);
  if (mapped !== undefined) return mapped;
  const language = locale?.toLowerCase().split(/[-_]/u)[0];
  return language !== undefined && CASING_LANGUAGES.has(language) ? ch.toLocaleUpperCase(locale) : ch.toUpperCase();
}

/** The text with its first code point titlecased and the rest unchanged ("ßtraße" → "Sstraße", "ǆemal" → "ǅemal"). */
export function titlecaseFirst(text: string, locale?: string): string {
  const first = text.codePointAt(0);
  if (first === undefined) return text;
  const ch = String.fromCodePoint(first);
  return titlecaseChar(ch, locale) + text.slice(ch.length);
}

const NON_ASCII_LOWER = /(?![\0-\x7f])\p{Ll}/gu;

/**
 * Title Case by title-case's rules (small words, acronyms, URLs kept) with Unicode titlecase for the letters it capitalizes:
 * title-case upper-cases one UTF-16 unit (ǆ → Ǆ, ß → SS, ﬁ → FI, and an astral letter not at all). So it runs on a
 * copy in which every non-ASCII lower-case letter is "é" per code unit (the same length, still a lower-case letter,
 * never part of an English small word), and the code points it changed there are titlecased here.
 */
export function titleCaseWords(text: string, locale?: string): string {
  const probe = text.replace(NON_ASCII_LOWER, (ch) => 'é'.repeat(ch.length));
  const marked = titleCase(probe, { locale: 'en' });
  // Cannot happen (no character left in the copy upper-cases to another length); kept as a guard.
  if (marked.length !== probe.length) return titleCase(text, { locale: locale ?? 'en' });
  let out = '';
  let done = 0;
  for (let i = 0; i < probe.length; i++) {
    if (marked.charCodeAt(i) === probe.charCodeAt(i)) continue;
    const ch = String.fromCodePoint(text.codePointAt(i) ?? 0);
    out += text.slice(done, i) + titlecaseChar(ch, locale);
    done = i + ch.length;
    i = done - 1;
  }
  return out + text.slice(done);
}
