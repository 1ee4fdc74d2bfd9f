import { z } from 'zod';
import { defineTool } from '../../registry/define-tool.ts';
import { countField } from '../../registry/fields.ts';
import { MAX_AI_TEXT_CHARS, runTextTask, TEXT_TASKS, textAiResultSchema } from './lib/analysis.ts';

export default defineTool({
  module: 'ai-models',
  slug: 'text-ai',
  title: 'AI text analysis and generation',
  description:
    'One text, one task: `summarize`, `keywords`, `sentiment`, `language`, `readability`, `rewrite` or `generate`. ' +
    "With the server's AI provider configured (any OpenAI-compatible chat-completions API), summaries are abstractive, " +
    'keywords and sentiment come from the language model, and `rewrite` / `generate` follow your `instructions`; ' +
    '`usage` reports the tokens spent. Without a provider the tool runs in local mode on models that ship with the server ' +
    '(TextRank extractive summary, noun-phrase keywords, AFINN-165 sentiment) and says so in `warnings`; `rewrite` and ' +
    '`generate` then answer 501 engine_unavailable instead of a fake answer. `language` (franc, 82 languages, ISO 639-3 codes) ' +
    'and `readability` (Flesch reading ease, Flesch-Kincaid, Gunning fog, SMOG, Coleman-Liau, ARI) are measurements and ' +
    'always run locally at no token cost. Local sentiment and readability formulas are English-only; the tool warns for other languages.',
  keywords: [
    'ai',
    'llm',
    'summarize',
    'summary',
    'keywords',
    'sentiment analysis',
    'language detection',
    'readability',
    'rewrite',
    'paraphrase',
    'generate text',
    'gpt',
    'positive or negative',
    'tone',
    'write copy',
    'description writer',
  ],
  input: () =>
    z.object({
      text: z
        .string()
        .max(MAX_AI_TEXT_CHARS, `at most ${MAX_AI_TEXT_CHARS.toLocaleString('en')} characters`)
        .refine((t) => t.trim().length > 0, 'must contain some text')
        .describe('The text to analyse or rewrite; for `generate`, the brief of what to write (max 100,000 characters)'),
      task: z.enum(TEXT_TASKS).describe('What to do: summarize | keywords | sentiment | language | readability | rewrite | generate'),
      instructions: z
        .string()
        .max(2000, 'at most 2,000 characters')
        .optional()
        .describe('Extra instructions for the language model, e.g. "rewrite for a 10-year-old" or "focus on costs" (ignored in local mode)'),
      maxWords: countField('Longest summary / rewrite / generated text in words (default: 120 for summaries, 300 for generate)', 5, 2000).optional(),
      maxKeywords: countField('Keywords to return (default 10)', 1, 50).optional(),
    }),
  output: () => textAiResultSchema,
  timeoutMs: 120_000,
  examples: [
    {
      title: 'detect the language (always local)',
      input: { text: 'Der schnelle braune Fuchs springt über den faulen Hund und läuft dann in den Wald.', task: 'language' },
      output: {
        task: 'language',
        mode: 'local',
        model: 'franc-min',
        language: {
          code: 'deu',
          iso6391: 'de',
          name: 'German',
          confidence: 'medium',
          alternatives: [
            { code: 'nld', name: 'Dutch', score: 0.859 },
            { code: 'swe', name: 'Swedish', score: 0.719 },
            { code: 'fra', name: 'French', score: 0.704 },
          ],
        },
        usage: null,
      },
    },
    {
      title: 'extractive summary in local mode',
      input: {
        task: 'summarize',
        maxWords: 25,
        text:
          'Solar power is now the cheapest source of electricity in many countries. Solar panels convert sunlight into electricity. ' +
          'The cost of solar panels has fallen by more than 80 percent in a decade. Critics point out that solar power depends on the weather.',
      },
      output: {
        task: 'summarize',
        mode: 'local',
        model: 'textrank',
        summary: {
          text: 'Solar power is now the cheapest source of electricity in many countries. Solar panels convert sunlight into electricity.',
          method: 'extractive',
          wordCount: 18,
          sentences: [
            { index: 0, text: 'Solar power is now the cheapest source of electricity in many countries.', score: 0.9787 },
            { index: 1, text: 'Solar panels convert sunlight into electricity.', score: 1 },
          ],
          sourceSentences: 4,
        },
        usage: null,
      },
    },
    {
      title: 'lexicon sentiment in local mode',
      input: { text: 'I love this keyboard. The keys feel great, but the cable is awful.', task: 'sentiment' },
      output: {
        task: 'sentiment',
        mode: 'local',
        model: 'afinn-165',
        sentiment: {
          label: 'positive',
          score: 0.6124,
          afinnScore: 3,
          comparative: 0.2308,
          positiveWords: ['great', 'love'],
          negativeWords: ['awful'],
          sentences: [{ text: 'I love this keyboard.', score: 0.6124, label: 'positive' }],
        },
        usage: null,
      },
    },
    {
      title: 'readability grades (always local)',
      input: {
        task: 'readability',
        text: 'The committee reviewed the proposal carefully. Its recommendations, although comprehensive, require considerable additional investment before implementation can realistically begin.',
      },
      output: {
        task: 'readability',
        mode: 'local',
        model: 'readability formulas',
        readability: {
          fleschReadingEase: -47.7,
          fleschKincaidGrade: 22.27,
          gunningFog: 24.85,
          smogIndex: 15.9,
          colemanLiauIndex: 30.29,
          automatedReadabilityIndex: 22.74,
          averageGrade: 23.21,
          level: 'very difficult',
          readingAge: 28,
          counts: { sentences: 2, words: 19, syllables: 55, letters: 159, polysyllabicWords: 10, averageWordsPerSentence: 9.5, averageSyllablesPerWord: 2.89 },
        },
        usage: null,
      },
    },
  ],
  run: async (input, ctx) => {
    const result = await runTextTask(input, ctx);
    if (result.usage) ctx.log.info({ tool: 'ai-models/text-ai', task: result.task, model: result.model, usage: result.usage }, 'ai usage');
    return result;
  },
});
