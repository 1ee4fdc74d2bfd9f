import { createRequire } from 'node:module';
import type { CatalogItem } from './catalog.ts';
import { remembered } from './text.ts';

/**
 * "xml to json", "need a png version of photo.heic", "make my PDF a docx": a goal that names formats is a
 * conversion whose direction the words state. The formats named (words, extensions, file names) and the
 * markers around them give a source and a target; the conversion tools whose slug says `<from>-to-<to>`
 * (or `to-<to>` for any image) are the only candidates then, so the reverse tool never wins.
 */
const FORMAT_WORDS: Array<[RegExp, string]> = [
  [/^(?:legacy|old)\s+excel|^excel\s*97|^xls$/, 'xls'],
  [/^excel|^xlsx$|^spreadsheet/, 'xlsx'],
  [/^(?:legacy|old)\s+power\s?point|^ppt$/, 'ppt'],
  [/^power\s?point|^pptx$|^slides?$|^slide\s*deck/, 'pptx'],
  [/^(?:ms\s+)?word$|^worda$|^docx$|^word\s+doc|^dot\s+docks$/, 'docx'],
  [/^pdfs?$/, 'pdf'],
  [/^odt$|^(?:libre|open)\s*office\s+(?:writer|document|text)|^writer\s+doc/, 'odt'],
  [/^ods$|^(?:libre|open)\s*office\s+(?:calc|spreadsheet)/, 'ods'],
  [/^odp$|^(?:libre|open)\s*office\s+(?:impress|presentation|slides)/, 'odp'],
  [/^rtf$|^rich\s+text/, 'rtf'],
  // A sheet's text is tab-separated (the spreadsheet-to-text tools write TSV).
  [/^txt$|^plain\s+text|^text\s+file|^tsv$|^tab[\s-]?(?:separated|delimited)/, 'txt'],
  [/^mark\s?down$|^md$/, 'md'],
  [/^html?$|^web\s*page/, 'html'],
  [/^e\s?pub$|^apple\s+books|^ibooks$/, 'epub'],
  [/^mobi$|^moby$|^mobipocket$/, 'mobi'],
  [/^azw3?$|^kindle$/, 'azw'],
  [/^fb2$|^fictionbook$/, 'fb2'],
  // (Kindle's newer format, which no tool reads: named so that "a .kfx to epub" is no AZW conversion.)
  [/^kfx$/, 'kfx'],
  [/^csv$|^comma[\s-]separated|^cvs$/, 'csv'],
  // (As a voice or an ear writes them too: "jason", "yamel".)
  [/^json$|^jason$/, 'json'],
  [/^xml$/, 'xml'],
  [/^ya?ml$|^yam[ae]l$/, 'yaml'],
  [/^zip$/, 'zip'],
  [/^rar$|^unrar$/, 'rar'],
  [/^7z$|^7-?zip$|^seven[\s-]?(?:zip|zed|z)$/, '7z'],
  [/^tar$|^tar\s?balls?$/, 'tar'],
  [/^tgz$|^tar\.gz$|^gz$|^gzip$|^gunzip$/, 'gz'],
  [/^tar\.bz2$|^tbz2?$|^tb2$|^bz2$|^b(?:un)?zip2?$/, 'bz2'],
  [/^png$/, 'png'],
  [/^jpe?g$/, 'jpg'],
  [/^webp$/, 'webp'],
  [/^avif$/, 'avif'],
  [/^heic$/, 'heic'],
  [/^heif$/, 'heif'],
  [/^tiff?$/, 'tiff'],
  [/^gif$/, 'gif'],
  [/^svg$/, 'svg'],
  [/^bmp$/, 'bmp'],
];

/** Words for a kind of document that several formats share: they name a format only when nothing more precise is said. */
const GENERIC_KINDS = /^(?:spreadsheets?|slides?|slide\s+deck|plain\s+text|text\s+file|web\s*page)\b/;

/** Formats of one kind of document: a generic word for the kind names any of them. */
const FAMILY: Record<string, string> = { pptx: 'slides', ppt: 'slides', odp: 'slides', xlsx: 'sheet', xls: 'sheet', ods: 'sheet' };
const IMAGES = new Set(['png', 'jpg', 'webp', 'avif', 'heic', 'heif', 'tiff', 'gif', 'svg', 'bmp']);
/** "to" in English ("-> pdf", "2 pdf", "become a pdf"). */
const ENGLISH_TO_MARKERS = new Set(['to', 'into', 'as', 'for', '->', '→', '2', 'be', 'become']);
/**
 * "to" where it cannot be an English word, in German, Dutch, French, Polish, Greek, Swedish, Spanish, Portuguese,
 * Indonesian and Vietnamese ("als CSV", "naar pdf", "na Worda", "se pdf", "till PDF", "para Word", "ke PDF", "sang
 * PDF"; "till" is an English word too, but marks a format only in Swedish).
 */
const OTHER_TO_MARKERS = new Set(['als', 'naar', 'nach', 'zu', 'vers', 'na', 'se', 'till', 'para', 'ke', 'jadi', 'menjadi', 'sang', 'thành']);
const TO_MARKERS = new Set([...ENGLISH_TO_MARKERS, ...OTHER_TO_MARKERS]);
/**
 * A format written with a word of another language: German, Dutch and Swedish compounds ("HTML-Datei", "Word-bestand",
 * "Word-filen": the format), and Turkish case endings after an apostrophe, the dative for the target ("Word'e", "PDF'ye":
 * to Word, to PDF) and the ablative for the source ("PDF'den": from PDF). "in ein PDF", "in een pdf": into a PDF.
 */
function withForeignFormatWords(text: string): string {
  return text
    .replace(
      /\b([a-z0-9]+)-(?:datei|dateien|dokument|bestand|bestanden|filen|fil|filer|tabelle|seite|version|versie|format|formaat|formatet)\b/gi,
      (whole, name: string) => (formatOf(name.toLowerCase()) ? name : whole),
    )
    .replace(/\b([a-z0-9]+)['’](y?[ea]|[dt][ea]n)(?![\p{L}])/giu, (whole, name: string, ending: string) =>
      formatOf(name.toLowerCase()) ? `${/n$/i.test(ending) ? 'from' : 'to'} ${name}` : whole,
    )
    .replace(/\bin\s+(?=(?:ein|eine|einen|een)\s)/gi, 'to ');
}
/** Words before a format that say the thing is already there ("this png", "my pdf"). */
const OWNED = /^(?:this|that|these|those|my|our|your)$/;
/** Verbs of having or being handed (the source) and of wanting (the target) a format. */
const HAVE =
  /^(?:have|has|had|got|own|sent|sends|received|receive|gave|gives|give|came|comes|arrived|delivered|delivers|bought|purchased|downloaded|posted|emailed|emails|mailed|mails|forwarded|forwards|attached|uploaded|provides|supplies|issues|publishes)$/;
// (What a program or a person "reads", "opens", "edits" or "uses" is wanted; "edit a pdf", "can't open .rar" is what there is.)
const WANT = /^(?:wants?|needs?|requires?|expects?|accepts?|takes?|reads|opens|prefers|supports|edits|imports|handles|understands|insists?|demands?|uses)$/;
/** Past participles that describe how a file already is ("the statement (saved as .rtf)"), unless wished for ("I need it saved as pdf"). */
const STORED = /^(?:saved|stored|kept|written|exported)$/;
const WISH = /^(?:need|needs|want|wants|like|please|pls|can|could|should|must)$/;
/** Words between a marker and the format it marks that leave it marked: "as a transparent png", "of the old .xls". */
const ARTICLES = /^(?:a|an|the|een|ein|eine|einen|un|una|une|um|uma)$/;
const DETERMINERS = /^(?:a|an|the|this|that|these|those|my|our|your|its|their)$/;
/** Text asked for without its formatting ("the bare words", "readable text without the markup"). */
const BARE_TEXT =
  /\b(?:plain|bare|raw|readable|clean)\s+(?:text|words|wording)\b|\btext\s+(?:only|without\s+(?:the\s+|any\s+)?(?:markup|tags|formatting|fonts|styles))\b/;
/** "a gzip, not a zip": the format refused is the one there is. */
const NOT = /^(?:not|instead|cant|cannot|wont|dont|doesnt|didnt|isnt|never)$/;

/**
 * Of a goal naming two formats, the one wanted ("the portal only accepts jpg, mine is a png", "my kindle only reads
 * mobi; the book is epub"): the only format some mention of which follows a verb of wanting, or else the one that
 * is not refused ("wants a gzip, not a zip").
 */
function wantedOf(mentions: Mention[], wanted: (m: Mention) => boolean, refused: (m: Mention) => boolean): Mention | undefined {
  const formats = new Set(mentions.map((m) => m.format));
  if (formats.size !== 2) return undefined;
  const asked = new Set(mentions.filter(wanted).map((m) => m.format));
  if (asked.size === 1) return mentions.find((m) => wanted(m));
  const refusedFormats = new Set(mentions.filter(refused).map((m) => m.format));
  if (asked.size === 0 && refusedFormats.size === 1) return mentions.find((m) => !m.file && !refusedFormats.has(m.format));
  return undefined;
}

interface Mention {
  format: string;
  /** Index of the word that named it. */
  at: number;
  /** Named as a file (report.docx): a source. */
  file: boolean;
  /** Named by a word for a kind of document several formats share ("slides", "spreadsheet"). */
  generic?: boolean;
}

export interface ConversionIntent {
  from: string | undefined;
  to: string;
}

/** The format a word or word pair names (every goal's words are read against every pattern: each word once). */
const formatOf = remembered((phrase: string): string | undefined => FORMAT_WORDS.find(([pattern]) => pattern.test(phrase))?.[1], 50_000);

/** Names of formats long enough that a typo of them is still recognisable ("wrod", "exel", "markdwon"). */
const TYPO_TARGETS = [
  'word',
  'excel',
  'powerpoint',
  'markdown',
  'json',
  'html',
  'epub',
  'mobi',
  'kindle',
  'docx',
  'xlsx',
  'pptx',
  'jpeg',
  'webp',
  'heic',
  'avif',
  'tiff',
  'gzip',
  'bzip2',
];

/**
 * The format a mistyped word names: two neighbouring letters swapped ("wrod", "jsno", "hmtl") or one letter
 * left out of a longer name ("exel", "powerpont"). Words of three letters or fewer are never read as typos.
 */
function formatOfTypo(word: string): string | undefined {
  if (word.length < 4 || !/^[a-z0-9]+$/.test(word)) return undefined;
  for (const name of TYPO_TARGETS) {
    if (word === name) continue;
    if (word.length === name.length) {
      const diff = [...word].flatMap((c, i) => (c === name[i] ? [] : [i]));
      if (diff.length === 2 && diff[1] === diff[0]! + 1 && word[diff[0]!] === name[diff[1]!] && word[diff[1]!] === name[diff[0]!]) return formatOf(name);
    } else if (name.length >= 5 && word.length === name.length - 1) {
      for (let i = 0; i < name.length; i++) if (name.slice(0, i) + name.slice(i + 1) === word) return formatOf(name);
    }
  }
  return undefined;
}

/**
 * Words written the short way, spelled out: "xls2pdf" (the command-line way of writing "xls to pdf", when both sides
 * name formats) and letters dictated one by one ("a p d f", "what's my c p c": the word they spell).
 */
export function spelledOut(text: string): string {
  return text
    .replace(/\b([a-z0-9][a-z0-9]{1,4}?)2([a-z0-9][a-z0-9]{1,5})\b/gi, (whole, from: string, to: string) =>
      formatOf(from.toLowerCase()) && formatOf(to.toLowerCase()) ? `${from} to ${to}` : whole,
    )
    .replace(/\b(?![ai]\b)[a-z](?: (?![ai]\b)[a-z]){2,3}\b/gi, (letters) => letters.replace(/ /g, ''))
    .replace(SPOKEN_LETTERS, (run) => {
      const letters = run
        .toLowerCase()
        .split(/\s+/)
        .map((name) => LETTER_NAMES[name])
        .join('');
      return formatOf(letters) || SPOKEN_TERMS.has(letters) ? letters : run;
    })
    .replace(/\b(?:sha|shah|shaw)\s+(?:two\s+fifty\s+six|two\s+five\s+six|256)\b/gi, 'sha256')
    .replace(/\b(?:sha|shah|shaw)\s+(?:five\s+twelve|512)\b/gi, 'sha512')
    .replace(/\bshaw\s+(?:one|1)\b/gi, 'sha1');
}

/**
 * Letters as a voice transcript spells them ("sea ess vee", "pee dee eff", "you are ell"): a run of two to five
 * names of letters is the word they spell when that is a format or one of SPOKEN_TERMS, so that "see you are"
 * stays English.
 */
const LETTER_NAMES: Record<string, string> = {
  ay: 'a',
  bee: 'b',
  sea: 'c',
  see: 'c',
  cee: 'c',
  dee: 'd',
  ee: 'e',
  eff: 'f',
  ef: 'f',
  gee: 'g',
  aitch: 'h',
  eye: 'i',
  jay: 'j',
  kay: 'k',
  el: 'l',
  ell: 'l',
  em: 'm',
  en: 'n',
  oh: 'o',
  pee: 'p',
  cue: 'q',
  queue: 'q',
  are: 'r',
  ar: 'r',
  ess: 's',
  es: 's',
  tee: 't',
  you: 'u',
  vee: 'v',
  ex: 'x',
  why: 'y',
  zee: 'z',
  zed: 'z',
};
const LETTER_NAME = Object.keys(LETTER_NAMES).join('|');
const SPOKEN_LETTERS = new RegExp(`\\b(?:${LETTER_NAME})(?:\\s+(?:${LETTER_NAME})){1,4}\\b`, 'gi');
/** Abbreviations of the catalog's tools a voice spells out. */
const SPOKEN_TERMS = new Set([
  'url',
  'qr',
  'seo',
  'utm',
  'dns',
  'css',
  'jwt',
  'uuid',
  'api',
  'ssl',
  'tls',
  'spf',
  'mx',
  'cpc',
  'cpm',
  'ctr',
  'roi',
  'vat',
  'gst',
  'ip',
]);

/** The formats a goal names, in order, with the words before each. */
const mentionsOf = remembered(readMentions);

function readMentions(goal: string): { words: string[]; mentions: Mention[] } {
  const words = withForeignFormatWords(spelledOut(goal))
    .toLowerCase()
    // ("won't take epub": one word, "wont", as NOT spells it.)
    .replace(/n['’]t\b/g, 'nt')
    .replace(/[“”"'`()[\]{},;!?]/g, ' ')
    // ("to yaml: {…}": what follows a colon is not named together with what comes before it.)
    .replace(/:(?=\s|$)/g, ' : ')
    .split(/\s+/)
    .filter(Boolean);
  const mentions: Mention[] = [];
  // The word after a two-word name ("old powerpoint", "excel 97") is part of it, not a name of its own.
  let partOfName = -1;
  for (let i = 0; i < words.length; i++) {
    if (i === partOfName) continue;
    const word = words[i]!.replace(/\.$/, '');
    // "tar.gz", ".tar.bz2": the name of a format, not a file of it.
    // ("spreadsheet.csv" is a file whose name begins with the name of a format.)
    const file = /^\.?tar\.(?:gz|bz2)$/.test(word) ? null : /^[^/\s]+\.([a-z0-9]{2,4}(?:\.(?:gz|bz2))?)$/.exec(word);
    const two = `${word} ${words[i + 1] ?? ''}`.trim();
    // "… book to text": plain text named as the target of a conversion.
    const textTarget = word === 'text' && TO_MARKERS.has(words[i - 1] ?? '') ? 'txt' : undefined;
    const format = file ? formatOf(file[1]!) : (formatOf(two) ?? formatOf(word.replace(/^\./, '')) ?? textTarget ?? formatOfTypo(word));
    if (!file && formatOf(two) !== undefined && formatOf(word.replace(/^\./, '')) === undefined) partOfName = i + 1;
    if (!format || mentions.at(-1)?.format === format) continue;
    // ("a gzip tarball": a compressed tarball, not the bare one.)
    if (mentions.at(-1)?.at === i - 1 && format === 'tar' && /^(?:gz|bz2)$/.test(mentions.at(-1)!.format)) continue;
    // "kindle mobi book": adjacent names of one thing, the later is the precise one; but a kind of document
    // after its format ("ods spreadsheet", "pptx slides") only repeats it, and a file name after a format is the
    // thing to convert ("epub to azw3 novel.epub").
    if (mentions.at(-1)?.at === i - 1 && !mentions.at(-1)!.file && !file) {
      if (GENERIC_KINDS.test(two) || GENERIC_KINDS.test(word)) continue;
      mentions.pop();
    }
    // "the .odp lecture slides": a kind of document one word after a format describes it.
    const between = words[i - 1] ?? '';
    if (mentions.at(-1)?.at === i - 2 && (GENERIC_KINDS.test(two) || GENERIC_KINDS.test(word)) && !TO_MARKERS.has(between) && !/^(?:from|of)$/.test(between))
      continue;
    mentions.push({ format, at: i, file: file !== null, generic: !file && (GENERIC_KINDS.test(two) || GENERIC_KINDS.test(word)) });
  }
  // "the slides in this old ppt": a kind of document is the precise format of its family named beside it.
  for (let k = mentions.length - 1; k >= 0; k--) {
    const kind = mentions[k]!;
    const family = FAMILY[kind.format];
    if (kind.generic && family && mentions.some((m) => m !== kind && !m.generic && FAMILY[m.format] === family)) mentions.splice(k, 1);
  }
  // "my kindle is old and only reads mobi; the book is epub": beside two other formats, a Kindle is the device.
  const device = mentions.findIndex((m) => words[m.at] === 'kindle');
  if (device >= 0 && new Set(mentions.map((m) => m.format)).size >= 3) mentions.splice(device, 1);
  return { words, mentions };
}

/** Every format the goal names (words, extensions, file names), in order. */
export function formatsNamed(goal: string): string[] {
  return [...new Set(mentionsOf(goal).mentions.map((m) => m.format))];
}

/**
 * "make this photo webp", "turn my logo a png", "save the report pdf": a verb of making, the thing made (a
 * determiner and a word that is not itself the format) and then the format, which is what it is to become. `outright`:
 * only the forms that ask outright ("create me a pdf", "make it a PDF").
 */
function madeInto(words: string[], at: number, outright = false): boolean {
  const before = words.slice(Math.max(0, at - 4), at);
  // ("make this messy html well-formed": the format is the thing made better, not what it becomes.)
  const next = words[at + 1] ?? '';
  const described = next.includes('-') || /^(?:valid|readable|smaller|bigger|cleaner|prettier|tidier|better|nicer|shorter|compliant|compatible)$/.test(next);
  // "make an epub out of my manuscript", "create me a pdf": a new thing of that format is made.
  const made = (w: string | undefined): boolean => /^(?:make|create|produce|build|generate)$/.test(w ?? '');
  // "… and give me a zip", "just send me a pdf": asked for (not "the bank sends me a pdf", which is had).
  const askedFor = (i: number): boolean => /^(?:give|send|hand)$/.test(words[i] ?? '') && (i === 0 || CLAUSE_START.test(words[i - 1]!));
  if (/^(?:a|an)$/.test(before.at(-1) ?? '') && (made(before.at(-2)) || (before.at(-2) === 'me' && (made(before.at(-3)) || askedFor(at - 3)))))
    return !described;
  // "make it a PDF": the thing there is made into the format.
  if (/^(?:a|an)$/.test(before.at(-1) ?? '') && /^(?:it|them|this|that)$/.test(before.at(-2) ?? '') && /^(?:make|turn)$/.test(before.at(-3) ?? ''))
    return !described;
  if (outright) return false;
  const verb = before.findIndex((w) => /^(?:make|turn|save|export|change|get|have|want|need)$/.test(w));
  if (verb < 0) return false;
  const rest = before.slice(verb + 1);
  const det = rest.findIndex((w) => /^(?:this|that|these|those|my|our|the|it|its)$/.test(w));
  return det >= 0 && rest.length - det >= 2 && formatOf(rest.at(-1) ?? '') === undefined && !described;
}

/** Archive formats whose name is also the verb of packing into them ("gzip my .tar", "zip these files"). */
const PACKERS = new Set(['gz', 'bz2', '7z', 'zip', 'rar']);

/** Words after which a verb opens a request of its own ("and give me …", "please send me …"). */
const CLAUSE_START = /^(?:and|then|please|pls|plz|just|so|now|can|could|would|will|you)$/;

/**
 * "gzip my .tar", "bzip2 compress this file", "compress backup.tar with gzip": an archive format used as the verb
 * (followed by what it packs) or as the means of compressing is what the thing is to become.
 */
function compressesWith(words: string[], m: Mention): boolean {
  // ("unrar it and give me a zip": unpacking names what there is.)
  if (!PACKERS.has(m.format) || words[m.at]!.startsWith('un')) return false;
  const next = words[m.at + 1] ?? '';
  const asVerb =
    /^(?:this|that|these|those|my|our|the|it|them|up|compress\w*)$/.test(next) &&
    !/^(?:a|an|the|this|that|my|our|your|to|into|as|from|of)$/.test(words[m.at - 1] ?? '');
  const means = words[m.at - 1] === 'with' && words.slice(0, m.at).some((w) => /^(?:compress\w*|pack\w*|archiv\w*)$/.test(w));
  return asVerb || means;
}

/** Source and target named by the goal, or undefined when it names no target. */
export function conversionIntentOf(goal: string): ConversionIntent | undefined {
  return statedIntentOf(goal)?.intent;
}

/** Whether the goal states the target of its conversion outright ("to pdf", "the printer wants a tiff"), not only names two formats. */
export function statesConversionTarget(goal: string): boolean {
  return statedIntentOf(goal)?.marked === true;
}

/**
 * The intent, and whether the goal states its target outright ("to pdf", "a docx version", "the printer wants a
 * tiff", "make it a webp") rather than only naming two formats.
 */
const statedIntentOf = remembered(readStatedIntent);

function readStatedIntent(goal: string): { intent: ConversionIntent; marked: boolean } | undefined {
  const { words, mentions } = mentionsOf(goal);
  if (mentions.length === 0) return undefined;
  // The words just before a mention, up to a word that names a format itself ("from notes.md plain text": the
  // "from" belongs to notes.md, not to plain text).
  const before = (m: Mention): string[] => {
    const near = words.slice(Math.max(0, m.at - 3), m.at);
    const named = near.findLastIndex((w) => /^[^/\s]+\.[a-z0-9]{2,4}$/.test(w) || formatOf(w) !== undefined);
    return named >= 0 ? near.slice(named + 1) : near;
  };
  // "data uri for this png": a format after a word pointing at a thing that exists is that thing, not a target.
  const existing = (m: Mention): boolean => OWNED.test(words[m.at - 1] ?? '');
  // "the printer wants a tiff, I only have a png": what someone has is the source, what they want the target.
  const wantedAfter = (m: Mention, verbs: RegExp): boolean =>
    before(m)
      .slice(-3)
      .some((w) => verbs.test(w));
  // "I have the data as json", "the bank sends my statements as xml": "as" after having or being handed something
  // describes the source, not a target.
  // (The verb's object is what "as" describes, not a format named in between: "only has WinRAR, repack my 7z as .rar".)
  const handed = (m: Mention): boolean => {
    // ("as plain .txt": "as" and one describing word.)
    if (!before(m).slice(-2).includes('as')) return false;
    const start = Math.max(0, m.at - 7);
    const verb = words.slice(start, m.at).findLastIndex((w) => HAVE.test(w)) + start;
    // ("give me the second sheet as csv" asks for it.)
    const asked = words[verb] === 'give' && /^(?:me|us)$/.test(words[verb + 1] ?? '');
    // ("the PDF has tables; I want them as an Excel workbook": wished for after what there is.)
    const wished = words.slice(verb + 1, m.at).some((w) => WISH.test(w));
    return verb >= start && !asked && !wished && !mentions.some((other) => other.at > verb && other.at < m.at);
  };
  const had = (m: Mention): boolean => {
    if (handed(m)) return true;
    if (!before(m).slice(-2).includes('as')) return false;
    const lead = words.slice(Math.max(0, m.at - 7), m.at);
    const stored = lead.findIndex((w) => STORED.test(w));
    return stored >= 0 && !lead.slice(Math.max(0, stored - 3), stored).some((w) => WISH.test(w));
  };
  // "I've got an .odp": a verb of having (not wished for: "I'd like to have a pdf"), an article and an extension (a
  // program is had to open the file with: "I only have Word").
  const owned = (m: Mention): boolean => {
    if (!m.file && !words[m.at]!.startsWith('.')) return false;
    const verb = [m.at - 1, m.at - 2, m.at - 3].find((at) => at >= 0 && HAVE.test(words[at]!));
    if (verb === undefined || !words.slice(verb + 1, m.at).every((w) => DETERMINERS.test(w))) return false;
    const asked = words[verb - 1] ?? '';
    return !WISH.test(asked) && asked !== 'to';
  };
  // A marker just before the format, or before an article and one describing word ("as a transparent png"; for
  // "from" and "of", any determiner: "from my old docx").
  const markedBy = (m: Mention, markers: (w: string) => boolean, gap: RegExp | undefined): boolean => {
    const near = before(m);
    return (
      near.slice(-2).some(markers) || (gap !== undefined && near.length === 3 && markers(near[0]!) && gap.test(near[1]!) && formatOf(near[2]!) === undefined)
    );
  };
  // (A format right after its marker is the surer target: "to an old kindle as mobi" asks for mobi; and "for" the
  // least sure: "logo.svg as a transparent png for the slide deck" asks for a png.)
  const toMarked = (m: Mention, gap?: RegExp, markers = (w: string) => TO_MARKERS.has(w) && w !== 'for'): boolean =>
    !m.file && !existing(m) && !had(m) && markedBy(m, markers, gap);
  // ("from this OpenDocument file (odt)": "from", a determiner and two words naming it.)
  const fromMarked = (m: Mention): boolean =>
    markedBy(m, (w) => w === 'from' || w === 'of', DETERMINERS) ||
    (words[m.at - 4] === 'from' && DETERMINERS.test(words[m.at - 3] ?? '') && before(m).length === 3);
  // ("metatrepse afto to docx se pdf", "zamień to docx na pdf": beside a marker of another language, "to" is that language's
  // word for "the" or "it", and the format that marker names is the target.)
  const target =
    mentions.find((m) => toMarked(m, undefined, (w) => OTHER_TO_MARKERS.has(w))) ??
    mentions.find((m) => toMarked(m, ARTICLES, (w) => OTHER_TO_MARKERS.has(w))) ??
    mentions.find((m) => toMarked(m)) ??
    mentions.find((m) => toMarked(m, ARTICLES)) ??
    mentions.find((m) => toMarked(m, undefined, (w) => w === 'for')) ??
    mentions.find((m) => !m.file && compressesWith(words, m)) ??
    // ("make it a PDF" asks outright, whatever someone else wants: "the book club wants the epub printed: make it a PDF".)
    mentions.find((m) => !m.file && madeInto(words, m.at, true)) ??
    wantedOf(
      mentions,
      (m) => !m.file && !existing(m) && wantedAfter(m, WANT) && !wantedAfter(m, NOT),
      (m) => wantedAfter(m, NOT),
    ) ??
    mentions.find((m) => !m.file && /^(?:version|copy|format)s?$/.test(words[m.at + 1] ?? '')) ??
    // ("epub please"; but "text from this file (odt) please" names the source.)
    mentions.find((m) => !m.file && !fromMarked(m) && /^(?:please|pls|plz)$/.test(words[m.at + 1] ?? '')) ??
    mentions.find((m) => !m.file && madeInto(words, m.at));
  // (A format is never its own source: "gzip the tar (tar to gz)" names gz twice.)
  const source = mentions.find((m) => m.format !== target?.format && (m.file || fromMarked(m))) ?? mentions.find((m) => m.format !== target?.format);
  if (target) return { intent: { from: source?.format, to: target.format }, marked: true };
  // "a png of this heic", "plain text from story.mobi": the one after "of"/"from" is the source, the other the target.
  const marked = mentions.filter(fromMarked);
  if (mentions.length === 2 && marked.length === 1)
    return { intent: { from: marked[0]!.format, to: mentions.find((m) => m !== marked[0])!.format }, marked: false };
  // "can only edit word files, I have the draft as plain .txt", "I've got an .odp": the one there is, the source.
  const there = new Set(mentions.filter((m) => handed(m) || owned(m)).map((m) => m.format));
  const formats = new Set(mentions.map((m) => m.format));
  if (formats.size === 2 && there.size === 1) {
    const from = [...there][0]!;
    return { intent: { from, to: [...formats].find((f) => f !== from)! }, marked: false };
  }
  if (mentions.length === 2 && !mentions[1]!.file) return { intent: { from: mentions[0]!.format, to: mentions[1]!.format }, marked: false };
  // "the text of an odp presentation", "text out of report.pdf": plain text from the one format named.
  const textOf = words.findIndex(
    (w, i) =>
      /^(?:text|wording|words)$/.test(w) &&
      (/^(?:of|from|in|out)$/.test(words[i + 1] ?? '') || (/^(?:only|just)$/.test(words[i + 1] ?? '') && /^(?:of|from|in)$/.test(words[i + 2] ?? ''))),
  );
  if (textOf >= 0 && mentions.length === 1 && mentions[0]!.at > textOf && mentions[0]!.format !== 'txt')
    return { intent: { from: mentions[0]!.format, to: 'txt' }, marked: false };
  // "it's an .rtf; I just want the bare words": the one format's text, without its formatting.
  if (mentions.length === 1 && mentions[0]!.format !== 'txt' && BARE_TEXT.test(words.join(' ')))
    return { intent: { from: mentions[0]!.format, to: 'txt' }, marked: false };
  return undefined;
}

/** What a conversion tool turns into what, from its slug (`pdf-to-docx`, `csv-2-json`, `to-png`). */
function directionOf(item: CatalogItem): ConversionIntent | undefined {
  const slug = item.tool?.slug;
  if (!slug) return undefined;
  const pair = /^([a-z0-9]+)-(?:to|2)-([a-z0-9]+)$/.exec(slug);
  if (pair) return { from: pair[1], to: pair[2]! };
  const anyImage = /^to-([a-z0-9]+)$/.exec(slug);
  return anyImage && IMAGES.has(anyImage[1]!) ? { from: undefined, to: anyImage[1]! } : undefined;
}

/**
 * The conversion tools that do what the goal asks: an exact source and target; else, with no source named,
 * the target alone when one tool makes it. Empty when the goal is not a conversion.
 */
export function conversionCandidates(items: readonly CatalogItem[], goal: string): CatalogItem[] {
  const intent = conversionIntentOf(goal);
  if (!intent || intent.from === intent.to) return [];
  const tools = items.map((item) => ({ item, direction: directionOf(item) })).filter((t) => t.direction?.to === intent.to);
  if (intent.from) {
    const exact = tools.filter((t) => t.direction!.from === intent.from);
    if (exact.length > 0) return exact.map((t) => t.item);
    // (Any image: the `to-<format>` converters, and the tools taking an image, `image-to-pdf`.)
    if (IMAGES.has(intent.from)) return tools.filter((t) => t.direction!.from === undefined || t.direction!.from === 'image').map((t) => t.item);
    return [];
  }
  return tools.length === 1 ? [tools[0]!.item] : [];
}

/** A format of the goal as a tool's slug names it: any image is an "image" (`image-to-pdf`, `pptx-to-images`). */
function sameFormat(slugFormat: string | undefined, format: string): boolean {
  return slugFormat === format || (IMAGES.has(format) && (slugFormat === 'image' || slugFormat === 'images'));
}

/**
 * Whether the item converts the other way round ("pdf to jpg" meets `image-to-pdf`): with no tool for the
 * direction asked, the reverse one is a near miss, never the answer.
 */
export function convertsBackwards(item: CatalogItem, intent: ConversionIntent): boolean {
  const pair = /^([a-z0-9]+)-(?:to|2)-([a-z0-9]+)$/.exec(item.tool?.slug ?? '');
  return pair !== null && intent.from !== undefined && sameFormat(pair[1], intent.to) && sameFormat(pair[2], intent.from);
}

/**
 * A conversion the goal states outright between two formats that no tool here does ("docx to odt", "pdf pages as
 * jpg", "csv to xlsx"): no converter from the one to the other, and no tool that takes the source (its upload) and
 * makes the target. Then whatever else the goal's words meet is a near miss.
 */
export function missingConversion(items: readonly CatalogItem[], goal: string): ConversionIntent | undefined {
  const stated = statedIntentOf(goal);
  if (!stated?.marked || !stated.intent.from || stated.intent.from === stated.intent.to) return undefined;
  const { from, to } = stated.intent;
  const does = (item: CatalogItem): boolean => {
    const direction = directionOf(item) ?? slugDirection(item);
    if (!direction || !sameFormat(direction.to, to)) return false;
    if (direction.from !== undefined && sameFormat(direction.from, from)) return true;
    return (item.tool?.upload?.accept as readonly string[] | undefined)?.includes(from) === true;
  };
  return items.some(does) ? undefined : stated.intent;
}

/**
 * A format the goal marks as what it wants ("save this photo as a BMP"), naming no source, that no tool makes: no tool
 * here does that conversion, whatever the goal's other words meet.
 */
export function missingTarget(items: readonly CatalogItem[], goal: string): string | undefined {
  const stated = statedIntentOf(goal);
  if (!stated?.marked || stated.intent.from) return undefined;
  const { to } = stated.intent;
  const makes = (item: CatalogItem): boolean => {
    const direction = directionOf(item) ?? slugDirection(item);
    // (Strictly that format: the tools making "images" make PNG.)
    return direction?.to === to;
  };
  return items.some(makes) ? undefined : to;
}

/**
 * Formats a two-step conversion goes through, in the order tried: the structured ones first (CSV keeps a sheet's
 * cells, JSON every field), then HTML (keeps headings, lists and tables) and EPUB (keeps a book's chapters). Not PDF:
 * what is read back out of a PDF is its text, not the document's structure.
 */
const VIA = ['csv', 'json', 'html', 'epub'];

/** "via epub", "go through html first": the format a goal says to go through. */
const VIA_PHRASE = /\b(?:via|through|by\s+way\s+of)\s+(?:an?\s+)?\.?([a-z0-9]+)\b(?:\s+first\b)?/i;

/**
 * Two conversion tools that together do a conversion the goal states and no one tool does ("xml to yaml": XML to JSON,
 * then JSON to YAML), through one of the VIA formats; undefined when one tool does it or no two do.
 */
export function conversionPath(items: readonly CatalogItem[], goal: string): [CatalogItem, CatalogItem] | undefined {
  // ("the kindles want AZW3 but the memoir is fb2, it needs to go through epub first": the format to go through is
  // neither end of the conversion.)
  const through = VIA_PHRASE.exec(goal);
  const named = through && VIA.includes(through[1]!.toLowerCase()) ? through[1]!.toLowerCase() : undefined;
  const missing = missingConversion(items, named ? goal.replace(through![0], ' ') : goal);
  if (!missing?.from) return undefined;
  const { from, to } = missing;
  const directions = items.map((item) => ({ item, direction: directionOf(item) })).filter((t) => t.direction?.from !== undefined);
  for (const via of named ? [named] : VIA) {
    if (via === from || via === to) continue;
    const first = directions.find((t) => sameFormat(t.direction!.from!, from) && t.direction!.to === via);
    const second = directions.find((t) => t.direction!.from === via && t.direction!.to === to);
    if (first && second) return [first.item, second.item];
  }
  return undefined;
}

/** `<from>-to-<to>` of any tool's slug, images included (`image-to-pdf`, `pptx-to-images`). */
function slugDirection(item: CatalogItem): ConversionIntent | undefined {
  const pair = /^([a-z0-9]+)-(?:to|2)-([a-z0-9]+)$/.exec(item.tool?.slug ?? '');
  return pair ? { from: pair[1], to: pair[2]! } : undefined;
}

/** Every file extension with a registered media type (mime-db): the formats there are, most of which no tool here reads or makes. */
const EXTENSIONS: ReadonlySet<string> = new Set(
  Object.values(createRequire(import.meta.url)('mime-db') as Record<string, { extensions?: string[] }>).flatMap((type) => type.extensions ?? []),
);

/** Endings of host names that are also registered file extensions ("example.com" is no DOS program). */
const HOST_SUFFIXES = new Set(['com', 'org', 'net', 'me', 'ai', 'io', 'co', 'us', 'uk', 'de', 'fr', 'it', 'es', 'pt', 'br', 'info', 'biz']);

/** Where a goal names the format to convert into: "to toml", "as an .ico", "into favicon.ico", "to ico format". */
const TARGET_EXTENSION = [
  /\b(?:to|into|as)\s+(?:an?\s+)?\.?([a-z0-9]{2,5})\s+(?:files?|format)\b/g,
  /\b(?:to|into|as)\s+(?:an?\s+)?[\w-]+\.([a-z0-9]{2,5})\b/g,
  /\b(?:to|into|as)\s+(?:(?:an?|the)\s+)?(?:[a-z]+\s+)?\.([a-z0-9]{2,5})\b/g,
];

/**
 * A format the goal asks to convert into that no tool here makes and the catalog never names ("json to toml",
 * "png to favicon.ico"): a registered file extension, not one of the catalog's formats nor a word of its tools
 * (`known`: "numbers" is Apple's spreadsheet format and the word-to-number tool's word).
 */
export function unknownTarget(goal: string, known: ReadonlySet<string>): string | undefined {
  const text = goal.toLowerCase().replace(/[“”"'`()[\]{},;!?]/g, ' ');
  const named: string[] = [];
  for (const pattern of TARGET_EXTENSION) for (const m of text.matchAll(pattern)) named.push(m[1]!);
  // "json to toml", "json config into toml": a format of the catalog converted to a word that is a format name.
  // (The format ends the request: "json to ts types" asks for TypeScript types, not an MPEG transport stream.)
  for (const m of text.matchAll(
    /\b([a-z0-9]{2,8})(?:\s+(?:config|configuration|file|data|document|object|payload|settings))?\s+(?:to|into|->|→)\s+([a-z0-9]{2,5})(?=\s*$|[.:]|\s+(?:files?|format|please|pls|for|so|and|then)\b)/g,
  ))
    if (formatOf(m[1]!)) named.push(m[2]!);
  return named.find((ext) => EXTENSIONS.has(ext) && !formatOf(ext) && !known.has(ext) && !HOST_SUFFIXES.has(ext));
}

/** Where a goal names the file it has: "an .eps", "the eps file" (file names are read by `lastExtension`). */
const SOURCE_EXTENSION = [/(?:^|\s)\.([a-z][a-z0-9]{1,4})\b/g, /\b([a-z][a-z0-9]{1,4})\s+files?\b/g];

/**
 * The extension of a file name: "drawing.eps" names eps, "backup.tar.xz" xz, by its last. Found per word, not by one
 * pattern over the goal, which backtracks quadratically on words of many dots.
 */
function lastExtension(word: string): string | undefined {
  let last: string | undefined;
  for (const m of word.matchAll(/\.([a-z][a-z0-9]{1,4})\b/g)) if (m.index > 0) last = m[1];
  return last;
}

/**
 * The format of a file the goal asks to convert that no tool here reads ("convert this .eps logo to png",
 * "presentation.key to pptx"): the goal states a target, names no source format of the catalog, and names a file
 * of a registered type (mime-db's extensions) that is none of the catalog's formats nor a word of its tools.
 * Then the tool that makes the target would be handed a file it refuses.
 */
export function unknownSource(goal: string, known: ReadonlySet<string>): string | undefined {
  const stated = statedIntentOf(goal);
  if (!stated?.marked || stated.intent.from) return undefined;
  const text = goal.toLowerCase().replace(/\bhttps?:\/\/\S+/g, ' ');
  const named: string[] = [];
  for (const word of text.match(/[\w.-]+/g) ?? []) {
    const extension = lastExtension(word);
    if (extension) named.push(extension);
  }
  for (const pattern of SOURCE_EXTENSION) for (const m of text.matchAll(pattern)) named.push(m[1]!);
  return named.find((ext) => EXTENSIONS.has(ext) && !formatOf(ext) && !known.has(ext) && !HOST_SUFFIXES.has(ext));
}
