import { withThousands } from '../../lib/digits.ts';
import { z } from 'zod';
import { withWarn } from '../../core/context.ts';
import { addUsage, localModeWarning, type AiUsage } from '../../engines/ai/index.ts';
import { sourceSchema, textFromUpload, UPLOAD_TEXT_FORMATS, UPLOAD_TEXT_SPEC } from '../../lib/extract/upload.ts';
import { countWords } from '../../lib/nlp/tokens.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { listField } from '../../registry/fields.ts';
import {
  keywordSchema,
  languageSchema,
  MAX_AI_TEXT_CHARS,
  readabilitySchema,
  runTextTask,
  sentimentSchema,
  summarySchema,
  usageSchema,
  type TextAiResult,
} from './lib/analysis.ts';

const INSIGHT_TASKS = ['summarize', 'keywords', 'sentiment', 'language', 'readability'] as const;

/** Form fields carry numbers as strings and lists as JSON or comma-separated text. */
const tasksField = listField(
  z
    .array(z.enum(INSIGHT_TASKS))
    .min(1, 'name at least one task')
    .refine((list) => new Set(list).size === list.length, 'list each task once'),
)
  .default([...INSIGHT_TASKS])
  .describe('What to work out: summarize, keywords, sentiment, language, readability (default: all five; JSON array or comma-separated)');

const count = (what: string, min: number, max: number) =>
  z.coerce.number().int('a whole number').min(min, `at least ${min}`).max(max, `at most ${max}`).optional().describe(`${what} (${min}–${max})`);

export default defineTool({
  module: 'ai-models',
  slug: 'file-insights',
  title: 'AI insights from an uploaded document',
  description:
    `Upload a document (${UPLOAD_TEXT_FORMATS}) as multipart/form-data in field "file" and get, in one call, its summary, key phrases, ` +
    "sentiment, language and readability — the analyses of text-ai, run on the document's extracted text (PDF page by page with pdftotext, " +
    "Office/OpenDocument from their XML). Choose with `tasks`. With the server's AI provider configured, the summary is abstractive and keywords and " +
    'sentiment come from the language model (guided by `instructions`), and `usage` adds up the tokens of every call; without one, local models ' +
    'answer (TextRank extractive summary, noun-phrase keywords, AFINN-165 sentiment) and `warnings` say so. Language (franc) and readability ' +
    `(six formulas) are always measured locally. Returns \`source\` (file name, format, characters, pages) and word counts. Documents longer than ` +
    `${withThousands(MAX_AI_TEXT_CHARS)} characters are analysed from their beginning, with a warning.`,
  keywords: [
    'ai',
    'document analysis',
    'summarize pdf',
    'summarize document',
    'keywords',
    'sentiment',
    'readability',
    'language detection',
    'file insights',
    'llm',
  ],
  input: () =>
    z.object({
      tasks: tasksField,
      instructions: z
        .string()
        .max(2000, 'at most 2,000 characters')
        .optional()
        .describe('Extra instructions for the language model, e.g. "focus on risks" (ignored in local mode)'),
      maxWords: count('Longest summary in words (default 120)', 5, 2000),
      maxKeywords: count('Keywords to return (default 10)', 1, 50),
    }),
  output: () =>
    z.object({
      source: sourceSchema,
      mode: z
        .enum(['provider', 'local'])
        .describe('provider = the configured language model answered at least one task; local = everything ran on this server'),
      models: z.record(z.string(), z.string()).describe('The model or method behind each task'),
      summary: summarySchema.optional(),
      keywords: z.array(keywordSchema).optional(),
      sentiment: sentimentSchema.optional(),
      language: languageSchema.optional(),
      readability: readabilitySchema.optional(),
      stats: z.object({ characters: z.number().int().nonnegative(), words: z.number().int().nonnegative() }).describe('Size of the analysed text'),
      usage: usageSchema.nullable(),
    }),
  upload: UPLOAD_TEXT_SPEC,
  timeoutMs: 120_000,
  examples: [
    {
      title: 'language and readability of a text file (always local)',
      input: { tasks: ['language', 'readability'] },
      upload: {
        fileName: 'notice.txt',
        content: 'The library will close early on Friday. All books must be returned by noon. Thank you for your help.\n',
      },
      output: {
        source: { fileName: 'notice.txt', kind: 'txt', engine: 'text', characters: 100 },
        mode: 'local',
        models: { language: 'franc-min', readability: 'readability formulas' },
        language: {
          code: 'eng',
          iso6391: 'en',
          name: 'English',
          confidence: 'medium',
          alternatives: [
            { code: 'swe', name: 'Swedish', score: 0.58 },
            { code: 'fra', name: 'French', score: 0.528 },
            { code: 'plt', name: 'Plateau Malagasy', score: 0.527 },
          ],
        },
        readability: {
          fleschReadingEase: 93.54,
          fleschKincaidGrade: 1.79,
          gunningFog: 4.64,
          smogIndex: 6.43,
          colemanLiauIndex: 3.97,
          automatedReadabilityIndex: 1.32,
          averageGrade: 3.63,
          level: 'very easy',
          readingAge: 9,
          counts: {
            sentences: 3,
            words: 19,
            syllables: 24,
            letters: 79,
            polysyllabicWords: 1,
            averageWordsPerSentence: 6.33,
            averageSyllablesPerWord: 1.26,
          },
        },
        stats: { characters: 100, words: 19 },
        usage: null,
      },
    },
    {
      title: 'a PDF report: every insight',
      input: {},
      upload: { fileName: 'annual-report.pdf' },
    },
    {
      title: 'a Word document: a 60-word summary and 5 keywords',
      input: { tasks: ['summarize', 'keywords'], maxWords: 60, maxKeywords: 5, instructions: 'Focus on costs and risks.' },
      upload: { fileName: 'proposal.docx' },
    },
  ],
  run: async ({ tasks, instructions, maxWords, maxKeywords }, ctx) => {
    const { text, source } = await textFromUpload(ctx, { maxCharacters: MAX_AI_TEXT_CHARS, overflow: 'truncate' });
    // Each task warns about local mode: the caller reads one note naming every local model, and each other warning once.
    const said = new Set<string>();
    const localModels: string[] = [];
    const quiet = withWarn(ctx, (message) => {
      const local = /^Local mode: .*? local models \((.*)\); to use/.exec(message);
      if (local?.[1]) localModels.push(local[1]);
      else if (!said.has(message)) {
        said.add(message);
        ctx.warn(message);
      }
    });
    const models: Record<string, string> = {};
    const insights: Pick<TextAiResult, 'summary' | 'keywords' | 'sentiment' | 'language' | 'readability'> = {};
    let usage: AiUsage | null = null;
    let provider = false;
    for (const task of tasks) {
      const result = await runTextTask({ text, task, instructions, maxWords, maxKeywords }, quiet);
      models[task] = result.model;
      if (result.mode === 'provider') provider = true;
      if (result.usage) usage = addUsage(usage, result.usage);
      if (result.summary) insights.summary = result.summary;
      if (result.keywords) insights.keywords = result.keywords;
      if (result.sentiment) insights.sentiment = result.sentiment;
      if (result.language) insights.language = result.language;
      if (result.readability) insights.readability = result.readability;
    }
    if (localModels.length > 0) ctx.warn(localModeWarning([...new Set(localModels)].join('; ')));
    if (usage) ctx.log.info({ tool: 'ai-models/file-insights', tasks, usage }, 'ai usage');
    return {
      source,
      mode: provider ? ('provider' as const) : ('local' as const),
      models,
      ...insights,
      stats: { characters: text.length, words: countWords(text) },
      usage,
    };
  },
});
