import type { CatalogItem } from './catalog.ts';

/**
 * "xml to json", "need a png version of photo.heic", "make my PDF a docx": a goal that names formats is a
 * conversion whose direction the words state. The formats named (words, extensions, file names) and the
 * markers around them give a source and a target; the conversion tools whose slug says `<from>-to-<to>`
 * (or `to-<to>` for any image) are the only candidates then, so the reverse tool never wins.
 */
const FORMAT_WORDS: Array<[RegExp, string]> = [
  [/^(?:legacy|old)\s+excel|^excel\s*97|^xls$/, 'xls'],
  [/^excel|^xlsx$|^spreadsheet/, 'xlsx'],
  [/^(?:legacy|old)\s+powerpoint|^ppt$/, 'ppt'],
  [/^powerpoint|^pptx$|^slides?$|^slide\s*deck/, 'pptx'],
  [/^(?:ms\s+)?word$|^docx$|^word\s+doc/, 'docx'],
  [/^pdfs?$/, 'pdf'],
  [/^odt$|^(?:libre|open)\s*office\s+(?:writer|document|text)|^writer\s+doc/, 'odt'],
  [/^ods$|^(?:libre|open)\s*office\s+(?:calc|spreadsheet)/, 'ods'],
  [/^odp$|^(?:libre|open)\s*office\s+(?:impress|presentation|slides)/, 'odp'],
  [/^rtf$/, 'rtf'],
  [/^txt$|^plain\s+text|^text\s+file/, 'txt'],
  [/^markdown$|^md$/, 'md'],
  [/^html?$|^web\s*page/, 'html'],
  [/^epub$|^apple\s+books|^ibooks$/, 'epub'],
  [/^mobi$/, 'mobi'],
  [/^azw3?$|^kindle$/, 'azw'],
  [/^fb2$/, 'fb2'],
  [/^csv$/, 'csv'],
  [/^json$/, 'json'],
  [/^xml$/, 'xml'],
  [/^ya?ml$/, 'yaml'],
  [/^zip$/, 'zip'],
  [/^rar$/, 'rar'],
  [/^7z$|^7-?zip$/, '7z'],
  [/^tar$/, 'tar'],
  [/^tgz$|^tar\.gz$|^gz$|^gzip$/, 'gz'],
  [/^tar\.bz2$|^bz2$|^bzip2?$/, 'bz2'],
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

const IMAGES = new Set(['png', 'jpg', 'webp', 'avif', 'heic', 'heif', 'tiff', 'gif', 'svg', 'bmp']);
const TO_MARKERS = new Set(['to', 'into', 'as', 'for', '->', '→', '2']);
/** Words before a format that say the thing is already there ("this png", "my pdf"). */
const OWNED = /^(?:this|that|these|those|my|our|your)$/;
/** Verbs of having (the source) and of wanting (the target) a format. */
const HAVE = /^(?:have|has|had|got|own)$/;
const WANT = /^(?:wants?|needs?|requires?|expects?|accepts?|takes?)$/;

interface Mention {
  format: string;
  /** Index of the word that named it. */
  at: number;
  /** Named as a file (report.docx): a source. */
  file: boolean;
}

export interface ConversionIntent {
  from: string | undefined;
  to: string;
}

function formatOf(phrase: string): string | undefined {
  return FORMAT_WORDS.find(([pattern]) => pattern.test(phrase))?.[1];
}

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

/** The formats a goal names, in order, with the words before each. */
function mentionsOf(goal: string): { words: string[]; mentions: Mention[] } {
  const words = goal
    .toLowerCase()
    .replace(/[“”"'`()[\]{},;:!?]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const mentions: Mention[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!.replace(/\.$/, '');
    // "tar.gz", ".tar.bz2": the name of a format, not a file of it.
    const file = formatOf(word.replace(/^\./, '')) ? null : /^[^/\s]+\.([a-z0-9]{2,4}(?:\.(?:gz|bz2))?)$/.exec(word);
    const two = `${word} ${words[i + 1] ?? ''}`.trim();
    // "… book to text": plain text named as the target of a conversion.
    const textTarget = word === 'text' && TO_MARKERS.has(words[i - 1] ?? '') ? 'txt' : undefined;
    const format = file ? formatOf(file[1]!) : (formatOf(two) ?? formatOf(word.replace(/^\./, '')) ?? textTarget ?? formatOfTypo(word));
    if (!format || mentions.at(-1)?.format === format) continue;
    // "kindle mobi book": adjacent names of one thing, the later is the precise one; but a kind of document
    // after its format ("ods spreadsheet", "pptx slides") only repeats it.
    if (mentions.at(-1)?.at === i - 1 && !mentions.at(-1)!.file) {
      if (GENERIC_KINDS.test(two) || GENERIC_KINDS.test(word)) continue;
      mentions.pop();
    }
    mentions.push({ format, at: i, file: file !== null });
  }
  return { words, mentions };
}

/** Every format the goal names (words, extensions, file names), in order. */
export function formatsNamed(goal: string): string[] {
  return [...new Set(mentionsOf(goal).mentions.map((m) => m.format))];
}

/**
 * "make this photo webp", "turn my logo a png", "save the report pdf": a verb of making, the thing made (a
 * determiner and a word that is not itself the format) and then the format, which is what it is to become.
 */
function madeInto(words: string[], at: number): boolean {
  const before = words.slice(Math.max(0, at - 4), at);
  const verb = before.findIndex((w) => /^(?:make|turn|save|export|change|get|have|want|need)$/.test(w));
  if (verb < 0) return false;
  const rest = before.slice(verb + 1);
  const det = rest.findIndex((w) => /^(?:this|that|these|those|my|our|the|it|its)$/.test(w));
  return det >= 0 && rest.length - det >= 2 && formatOf(rest.at(-1) ?? '') === undefined;
}

/** Source and target named by the goal, or undefined when it names no target. */
export function conversionIntentOf(goal: string): ConversionIntent | undefined {
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
  const target =
    mentions.find(
      (m) =>
        !m.file &&
        !existing(m) &&
        before(m)
          .slice(-2)
          .some((w) => TO_MARKERS.has(w)),
    ) ??
    (mentions.length === 2 && mentions.some((m) => wantedAfter(m, HAVE)) ? mentions.find((m) => !m.file && wantedAfter(m, WANT)) : undefined) ??
    mentions.find((m) => !m.file && /^(?:version|copy|format)s?$/.test(words[m.at + 1] ?? '')) ??
    mentions.find((m) => !m.file && madeInto(words, m.at));
  const source =
    mentions.find(
      (m) =>
        m !== target &&
        (m.file ||
          before(m)
            .slice(-2)
            .some((w) => w === 'from' || w === 'of')),
    ) ?? mentions.find((m) => m !== target);
  if (target) return { from: source?.format, to: target.format };
  // "a png of this heic", "jpg from the heic": the one after "of"/"from" is the source, the other the target.
  const marked = mentions.filter(
    (m) =>
      !m.file &&
      before(m)
        .slice(-2)
        .some((w) => w === 'from' || w === 'of'),
  );
  if (mentions.length === 2 && marked.length === 1) return { from: marked[0]!.format, to: mentions.find((m) => m !== marked[0])!.format };
  if (mentions.length === 2 && !mentions[1]!.file) return { from: mentions[0]!.format, to: mentions[1]!.format };
  // "the text of an odp presentation", "text out of report.pdf": plain text from the one format named.
  const textOf = words.findIndex((w, i) => /^(?:text|wording|words)$/.test(w) && /^(?:of|from|in|out)$/.test(words[i + 1] ?? ''));
  if (textOf >= 0 && mentions.length === 1 && mentions[0]!.at > textOf && mentions[0]!.format !== 'txt') return { from: mentions[0]!.format, to: 'txt' };
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
    if (IMAGES.has(intent.from)) return tools.filter((t) => t.direction!.from === undefined).map((t) => t.item);
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
