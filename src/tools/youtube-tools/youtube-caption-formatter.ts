import { z } from 'zod';
import { invalidField } from '../../core/errors.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { auditFields, clip, type Finding, score } from './audit.ts';
import { type Cue, detectFormat, formatTime, parseCaptions, plainText, writeSrt, writeText, writeVtt } from './captions.ts';

const MAX_CAPTION_CHARS = 2_000_000;
/** Findings listed at most; the rest are counted in `timing` and one closing finding. */
const MAX_FINDINGS = 200;

const output = z.object({
  from: z.enum(['srt', 'vtt']).describe('The input format (detected unless given)'),
  to: z.enum(['srt', 'vtt', 'text']).describe('The output format'),
  output: z.string().describe('The converted captions'),
  cueCount: z.number().int().describe('Cues read'),
  duration: z.string().describe('End of the last cue, HH:MM:SS.mmm'),
  timing: z
    .object({
      endBeforeStart: z.number().int(),
      zeroDuration: z.number().int(),
      overlaps: z.number().int(),
      outOfOrder: z.number().int(),
      overlapsFixed: z.number().int(),
    })
    .describe('Counts of timing problems in the input'),
  ...auditFields,
});

const kindOf = (f: Finding): string => f.id.replace(/-cue-\d+$/, '');

export default defineTool({
  module: 'youtube-tools',
  slug: 'youtube-caption-formatter',
  cpu: 'large-input',
  title: 'YouTube caption formatter (SRT ↔ VTT ↔ text)',
  description:
    'Converts captions between SRT and WebVTT, or to plain text (tags removed, rolling duplicate lines merged), and validates their timing: ' +
    'cues ending before they start, zero-length cues, overlaps, cues out of order, and readability (more than 2 lines, lines over maxLineLength, ' +
    'reading speed over maxCharsPerSecond, cues under 0.7 s). SRT output is renumbered from 1; fixOverlaps trims a cue that runs into the next. ' +
    'A malformed timestamp or timing line is a 400 naming the line. Returns a 0–100 timing and readability score with findings.',
  keywords: ['srt to vtt', 'vtt to srt', 'captions', 'subtitles', 'youtube captions', 'subtitle converter', 'transcript', 'webvtt'],
  input: () =>
    z.object({
      captions: z
        .string()
        .min(1, 'the SRT or WebVTT text')
        .max(MAX_CAPTION_CHARS, `at most ${MAX_CAPTION_CHARS.toLocaleString('en')} characters`)
        .describe('The captions, as SRT or WebVTT text'),
      to: z.enum(['srt', 'vtt', 'text']).describe('Output format: srt, vtt, or text (a plain transcript)'),
      from: z.enum(['auto', 'srt', 'vtt']).default('auto').describe('Input format; auto (default) detects it from the "WEBVTT" header'),
      fixOverlaps: z.boolean().default(false).describe('Trim the end of a cue that overlaps the next one (default false: report only)'),
      maxLineLength: z
        .number()
        .int()
        .min(10)
        .max(200)
        .default(42)
        .describe('Longest comfortable caption line, characters (default 42, the common broadcast guideline)'),
      maxCharsPerSecond: z.number().min(5).max(60).default(21).describe('Fastest comfortable reading speed, characters per second (default 21)'),
    }),
  output: () => output,
  examples: [
    {
      title: 'SRT to WebVTT',
      input: { captions: '1\n00:00:01,000 --> 00:00:03,500\nHello and welcome!\n\n2\n00:00:04,000 --> 00:00:06,000\nToday: <i>sourdough</i>.\n', to: 'vtt' },
      output: {
        from: 'srt',
        to: 'vtt',
        output: 'WEBVTT\n\n00:00:01.000 --> 00:00:03.500\nHello and welcome!\n\n00:00:04.000 --> 00:00:06.000\nToday: <i>sourdough</i>.\n',
        cueCount: 2,
        duration: '00:00:06.000',
        timing: { endBeforeStart: 0, zeroDuration: 0, overlaps: 0, outOfOrder: 0, overlapsFixed: 0 },
        score: 100,
        scoreBreakdown: { start: 100 },
        findings: [],
      },
    },
    {
      title: 'WebVTT with an overlap to SRT, overlap fixed',
      input: {
        captions: "WEBVTT\n\nintro\n00:01.000 --> 00:04.000 align:start\n<v Anna>Hi there &amp; welcome\n\n00:03.500 --> 00:06.000\nLet's start.\n",
        to: 'srt',
        fixOverlaps: true,
      },
      output: {
        from: 'vtt',
        to: 'srt',
        output: "1\n00:00:01,000 --> 00:00:03,500\nHi there & welcome\n\n2\n00:00:03,500 --> 00:00:06,000\nLet's start.\n",
        cueCount: 2,
        duration: '00:00:06.000',
        timing: { endBeforeStart: 0, zeroDuration: 0, overlaps: 1, outOfOrder: 0, overlapsFixed: 1 },
        score: 90,
        scoreBreakdown: { start: 100, overlap: -10 },
        findings: [
          {
            id: 'overlap-cue-2',
            severity: 'medium',
            title: 'Cue overlaps the previous one',
            evidence: 'cue 2 (line 7) starts at 00:00:03.500, before cue 1 ends at 00:00:04.000; trimmed in the output',
            fix: 'End each cue before the next starts (fixOverlaps: true trims the earlier cue).',
          },
        ],
      },
    },
    {
      title: 'SRT to a plain transcript',
      input: { captions: '1\n00:00:00,000 --> 00:00:02,000\nso today we\n\n2\n00:00:02,000 --> 00:00:04,000\nso today we\nbake bread\n', to: 'text' },
      output: {
        from: 'srt',
        to: 'text',
        output: 'so today we\nbake bread\n',
        cueCount: 2,
        duration: '00:00:04.000',
        timing: { endBeforeStart: 0, zeroDuration: 0, overlaps: 0, outOfOrder: 0, overlapsFixed: 0 },
        score: 100,
        scoreBreakdown: { start: 100 },
        findings: [],
      },
    },
  ],
  run: ({ captions, to, from, fixOverlaps, maxLineLength, maxCharsPerSecond }) => {
    const detected = detectFormat(captions);
    const format = from === 'auto' ? detected : from;
    if (format === undefined)
      throw invalidField('captions', 'not SRT or WebVTT: expected cues such as "1\\n00:00:01,000 --> 00:00:04,000\\nText" or a "WEBVTT" header');
    const cues = parseCaptions(captions, format);
    if (cues.length === 0) throw invalidField('captions', 'no cues found');

    const findings: Finding[] = [];
    const timing = { endBeforeStart: 0, zeroDuration: 0, overlaps: 0, outOfOrder: 0, overlapsFixed: 0 };
    const at = (ms: number): string => formatTime(Math.max(0, ms), 'vtt');
    const out: Cue[] = cues.map((c) => ({ ...c }));
    for (const [index, cue] of cues.entries()) {
      const n = index + 1;
      const where = `cue ${n} (line ${cue.line})`;
      const previous = cues[index - 1];
      if (cue.endMs < cue.startMs) {
        timing.endBeforeStart++;
        findings.push({
          id: `end-before-start-cue-${n}`,
          severity: 'high',
          title: 'Cue ends before it starts',
          evidence: `${where}: ${at(cue.startMs)} --> ${at(cue.endMs)}`,
          fix: 'Correct the end time; players skip or mis-show such cues.',
        });
      } else if (cue.endMs === cue.startMs) {
        timing.zeroDuration++;
        findings.push({
          id: `zero-duration-cue-${n}`,
          severity: 'medium',
          title: 'Cue has no duration',
          evidence: `${where}: ${at(cue.startMs)} --> ${at(cue.endMs)}`,
          fix: 'Give the cue a duration (at least 0.7 s) or remove it.',
        });
      }
      if (previous && cue.startMs < previous.startMs) {
        timing.outOfOrder++;
        findings.push({
          id: `out-of-order-cue-${n}`,
          severity: 'medium',
          title: 'Cue starts before the previous one',
          evidence: `${where} starts at ${at(cue.startMs)}, cue ${n - 1} at ${at(previous.startMs)}`,
          fix: 'Order cues by start time.',
        });
      } else if (previous && cue.startMs < previous.endMs && previous.endMs > previous.startMs) {
        timing.overlaps++;
        const trimmed = out[index - 1];
        if (fixOverlaps && trimmed) {
          trimmed.endMs = cue.startMs;
          timing.overlapsFixed++;
        }
        findings.push({
          id: `overlap-cue-${n}`,
          severity: 'medium',
          title: 'Cue overlaps the previous one',
          evidence: `${where} starts at ${at(cue.startMs)}, before cue ${n - 1} ends at ${at(previous.endMs)}${fixOverlaps ? '; trimmed in the output' : ''}`,
          fix: 'End each cue before the next starts (fixOverlaps: true trims the earlier cue).',
        });
      }
      const text = plainText(cue.text);
      const lines = text.split('\n');
      const duration = cue.endMs - cue.startMs;
      if (text === '') {
        findings.push({ id: `empty-cue-${n}`, severity: 'low', title: 'Cue has no text', evidence: where, fix: 'Remove the empty cue.' });
      }
      if (lines.length > 2) {
        findings.push({
          id: `too-many-lines-cue-${n}`,
          severity: 'low',
          title: 'Cue has more than two lines',
          evidence: `${where}: ${lines.length} lines`,
          fix: 'Split it into two cues of at most two lines each.',
        });
      }
      const long = lines.find((l) => [...l].length > maxLineLength);
      if (long !== undefined) {
        findings.push({
          id: `long-line-cue-${n}`,
          severity: 'low',
          title: `Line longer than ${maxLineLength} characters`,
          evidence: `${where}: "${clip(long, 80)}" (${[...long].length})`,
          fix: `Break lines at about ${maxLineLength} characters.`,
        });
      }
      const characters = [...text.replace(/\n/g, ' ')].length;
      if (duration > 0 && characters > 0 && (characters * 1000) / duration > maxCharsPerSecond) {
        const cps = Math.round((characters * 10_000) / duration) / 10;
        findings.push({
          id: `reading-speed-cue-${n}`,
          severity: 'low',
          title: 'Too fast to read',
          evidence: `${where}: ${characters} characters in ${duration / 1000} s = ${cps} characters/s`,
          fix: `Shorten the text or lengthen the cue to at most ${maxCharsPerSecond} characters per second.`,
        });
      }
      if (duration > 0 && duration < 700) {
        findings.push({
          id: `short-cue-${n}`,
          severity: 'low',
          title: 'Cue shorter than 0.7 s',
          evidence: `${where}: ${duration} ms`,
          fix: 'Keep cues on screen for at least 0.7 s (merge with a neighbour).',
        });
      }
    }
    if (format === 'srt' && cues.some((c, i) => c.id !== null && c.id !== String(i + 1))) {
      findings.push({
        id: 'srt-numbering',
        severity: 'low',
        title: 'SRT cue numbers are not 1, 2, 3…',
        evidence: clip(
          cues
            .slice(0, 8)
            .map((c) => c.id ?? '∅')
            .join(', '),
        ),
        fix: 'Number cues from 1 without gaps (srt output is renumbered).',
      });
    }
    const listed = findings.slice(0, MAX_FINDINGS);
    if (findings.length > MAX_FINDINGS) {
      listed.push({
        id: 'more-findings',
        severity: 'info',
        title: 'More findings not listed',
        evidence: `${findings.length - MAX_FINDINGS} more`,
        fix: 'Fix the listed ones and run again; counts are in timing.',
      });
    }
    const text = to === 'srt' ? writeSrt(out) : to === 'vtt' ? writeVtt(out, format === 'vtt') : writeText(out);
    return {
      from: format,
      to,
      output: text,
      cueCount: cues.length,
      duration: formatTime(
        cues.reduce((max, c) => Math.max(max, c.endMs), 0),
        'vtt',
      ),
      timing,
      ...score(findings, kindOf, 50),
      findings: score(listed, kindOf, 50).findings,
    };
  },
});
