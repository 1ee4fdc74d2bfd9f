/**
 * A strict SRT / WebVTT cue parser and writers. No default export: a helper of the folder.
 *
 * Written here rather than taken from npm: the maintained parsers checked (`subtitle` 4.2.2,
 * `@plussub/srt-vtt-parser` 2.0.5) silently fold a cue with a malformed timing line into the previous
 * cue's text or return NaN times, while this tool must report such a cue, with its line number, as a 400.
 */
import { invalidField } from '../../core/errors.ts';

export interface Cue {
  /** SRT number or VTT identifier as written, or null. */
  id: string | null;
  startMs: number;
  endMs: number;
  /** VTT cue settings (`align:start position:10%`), '' when none. */
  settings: string;
  text: string;
  /** 1-based line of the cue's timing line in the input. */
  line: number;
}

export type CaptionFormat = 'srt' | 'vtt';

export const MAX_CUES = 50_000;

const TIMING = /^\s*(\S+)\s+-->\s+(\S+)(.*)$/;
const SRT_TIME = /^(\d{1,3}):([0-5]\d):([0-5]\d)[,.](\d{3})$/;
const VTT_TIME = /^(?:(\d{1,3}):)?([0-5]\d):([0-5]\d)[.,](\d{3})$/;

export function detectFormat(text: string): CaptionFormat | undefined {
  const start = text.replace(/^\uFEFF/, '').trimStart();
  if (/^WEBVTT(?:[ \t]|$|\r?\n)/.test(start)) return 'vtt';
  if (/^(?:\d+\s*\r?\n)?\s*\S+\s+-->\s+\S+/.test(start)) return 'srt';
  return undefined;
}

function parseTime(raw: string, format: CaptionFormat, line: number): number {
  const match = (format === 'srt' ? SRT_TIME : VTT_TIME).exec(raw);
  if (!match) {
    const expected = format === 'srt' ? 'HH:MM:SS,mmm' : 'HH:MM:SS.mmm or MM:SS.mmm';
    throw invalidField('captions', `line ${line}: malformed timestamp "${raw.slice(0, 40)}" (expected ${expected})`);
  }
  const [, h, m, s, ms] = match;
  return ((Number(h ?? 0) * 60 + Number(m)) * 60 + Number(s)) * 1000 + Number(ms);
}

/** Parses every cue; throws a 400 naming `captions` and the line for anything that is not a cue. */
export function parseCaptions(input: string, format: CaptionFormat): Cue[] {
  const lines = input.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const blank = (i: number): boolean => (lines[i] ?? '').trim() === '';
  let i = 0;
  if (format === 'vtt') {
    while (i < lines.length && blank(i)) i++;
    if (!/^WEBVTT(?:[ \t]|$)/.test(lines[i] ?? '')) throw invalidField('captions', `line ${i + 1}: a WebVTT file starts with "WEBVTT"`);
    while (i < lines.length && !blank(i)) i++; // header block
  }
  const cues: Cue[] = [];
  /** An SRT number read as text just before a timing line that had no blank line above it. */
  let pendingId: string | null = null;
  while (i < lines.length) {
    while (i < lines.length && blank(i)) i++;
    if (i >= lines.length) break;
    let line = lines[i] ?? '';
    if (format === 'vtt' && /^(?:NOTE|STYLE|REGION)(?:[ \t]|$)/.test(line)) {
      while (i < lines.length && !blank(i)) i++;
      continue;
    }
    let id = pendingId;
    pendingId = null;
    if (!line.includes('-->')) {
      id = line.trim();
      i++;
      line = lines[i] ?? '';
      if (i >= lines.length || !line.includes('-->')) {
        throw invalidField('captions', `line ${i}: expected a timing line such as "00:00:01,000 --> 00:00:04,000" after "${id.slice(0, 40)}"`);
      }
    }
    const timing = TIMING.exec(line);
    if (!timing) throw invalidField('captions', `line ${i + 1}: malformed timing line "${line.slice(0, 60)}"`);
    const timingLine = i + 1;
    const startMs = parseTime(timing[1] ?? '', format, timingLine);
    const endMs = parseTime(timing[2] ?? '', format, timingLine);
    const settings = (timing[3] ?? '').trim();
    i++;
    const text: string[] = [];
    while (i < lines.length && !blank(i)) {
      const current = lines[i] ?? '';
      if (current.includes('-->')) {
        // A timing line without a blank line before it starts the next cue; an SRT number just above it is that cue's.
        if (/^\d+$/.test(text.at(-1)?.trim() ?? '')) pendingId = (text.pop() ?? '').trim();
        break;
      }
      text.push(current);
      i++;
    }
    cues.push({ id, startMs, endMs, settings, text: text.join('\n'), line: timingLine });
    if (cues.length > MAX_CUES) throw invalidField('captions', `at most ${MAX_CUES.toLocaleString('en')} cues`);
  }
  return cues;
}

export function formatTime(ms: number, format: CaptionFormat): string {
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const rest = ms % 1000;
  const pad = (n: number, width = 2): string => String(n).padStart(width, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}${format === 'srt' ? ',' : '.'}${pad(rest, 3)}`;
}

const VTT_ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&nbsp;': '\u00a0', '&lrm;': '\u200e', '&rlm;': '\u200f' };

/** Cue text for SRT: VTT voice, class, ruby and timestamp tags removed (SRT players know only b, i, u, font), entities decoded. */
function textForSrt(text: string): string {
  return text
    .replace(/<\/?(?:v|c|lang|ruby|rt)(?:[.\s][^>]*)?>/g, '')
    .replace(/<\d{2}:\d{2}(?::\d{2})?\.\d{3}>/g, '')
    .replace(/&(?:amp|lt|gt|nbsp|lrm|rlm);/g, (e) => VTT_ENTITIES[e] ?? e);
}

/** Cue text for VTT: SRT font tags and ASS overrides dropped, bare & < > escaped unless they form a tag. */
function textForVtt(text: string): string {
  return text
    .replace(/<\/?font[^>]*>/gi, '')
    .replace(/\{\\[^}]*\}/g, '')
    .replace(/&(?!(?:amp|lt|gt|nbsp|lrm|rlm|#\d+|#x[0-9a-f]+);)/gi, '&amp;')
    .replace(/<(?!\/?(?:b|i|u|v|c|lang|ruby|rt)\b|\d{2}:)/g, '&lt;');
}

/** Plain text: every tag and override removed, entities decoded. */
export function plainText(text: string): string {
  return textForSrt(text)
    .replace(/<[^>]+>/g, '')
    .replace(/\{\\[^}]*\}/g, '')
    .trim();
}

export function writeSrt(cues: readonly Cue[]): string {
  return cues.map((c, n) => `${n + 1}\n${formatTime(c.startMs, 'srt')} --> ${formatTime(c.endMs, 'srt')}\n${textForSrt(c.text)}\n`).join('\n');
}

export function writeVtt(cues: readonly Cue[], keepIds: boolean): string {
  const body = cues
    .map((c) => {
      const id = keepIds && c.id ? `${c.id}\n` : '';
      const settings = c.settings ? ` ${c.settings}` : '';
      return `${id}${formatTime(c.startMs, 'vtt')} --> ${formatTime(c.endMs, 'vtt')}${settings}\n${textForVtt(c.text)}\n`;
    })
    .join('\n');
  return `WEBVTT\n\n${body}`;
}

/** One line per cue, tags removed; a cue repeating the previous line (rolling auto-captions) is kept once. */
export function writeText(cues: readonly Cue[]): string {
  const out: string[] = [];
  for (const cue of cues) {
    for (const line of plainText(cue.text).split('\n')) {
      const trimmed = line.trim();
      if (trimmed !== '' && out.at(-1) !== trimmed) out.push(trimmed);
    }
  }
  return out.length ? `${out.join('\n')}\n` : '';
}
