import assert from 'node:assert/strict';
import { after, beforeEach, describe, test } from 'node:test';
import fc from 'fast-check';
import { webUrl } from '../../../test/helpers/web-url.ts';
import { asToolError } from '../../core/errors.ts';
import { createAiProvider } from '../../engines/ai/index.ts';
import { completion, startOpenAiDouble } from '../../../test/helpers/openai-double.ts';
import { expectBadRequest, expectBadRequests, expectNoServerErrors, run } from '../../../test/helpers/invoke.ts';
import textAi from './text-ai.ts';
import youtubeInsight, { parseChapters, youtubeVideoId } from './youtube-insight.ts';

/**
 * The provider path runs against the loopback TEST DOUBLE of an OpenAI-compatible server
 * (test/helpers/openai-double.ts: no real provider is reachable here, and real models are not deterministic).
 */
const double = await startOpenAiDouble();
// The double answers at once from this process; the deadline only has to outlast a loaded machine (a whole npm test
// once took the first call past 5 s). The provider's own deadline is tested with a hanging double in provider.test.ts.
const provider = createAiProvider({ baseUrl: double.baseUrl, apiKey: 'sk-test', model: 'test-model', timeoutMs: 60_000 }, { retryBaseMs: 5 })!;
after(() => double.close());
beforeEach(() => double.reset());

const withAi = () => ({ engines: { ai: provider } as never });
const ARTICLE =
  'Solar power is now the cheapest source of electricity in many countries. Solar panels convert sunlight into electricity. ' +
  'The cost of solar panels has fallen by more than 80 percent in a decade. Critics point out that solar power depends on the weather. ' +
  'Battery storage lets households use solar electricity at night.';

describe('text-ai, local mode (no provider)', () => {
  test('rewrite and generate are 501 engine_unavailable naming what to configure, never a fake answer', async () => {
    for (const task of ['rewrite', 'generate'] as const) {
      await assert.rejects(run(textAi, { text: 'Make this better.', task }), (error: unknown) => {
        const e = asToolError(error);
        assert.equal(e.status, 501);
        assert.equal(e.code, 'engine_unavailable');
        assert.match(e.detail, /TOOLAPI_AI_BASE_URL/);
        return true;
      });
    }
  });

  test('summaries are extractive, within maxWords, and warn that this is the local mode', async () => {
    const { result, warnings } = await run(textAi, { text: ARTICLE, task: 'summarize', maxWords: 30 });
    const r = result as {
      mode: string;
      summary: { text: string; method: string; wordCount: number; sentences: { index: number; text: string }[] };
      usage: null;
    };
    assert.equal(r.mode, 'local');
    assert.equal(r.summary.method, 'extractive');
    assert.ok(r.summary.wordCount <= 30 || r.summary.sentences.length === 1);
    for (const s of r.summary.sentences) assert.ok(ARTICLE.includes(s.text), "sentences are the text's own");
    assert.deepEqual(
      r.summary.sentences.map((s) => s.index),
      [...r.summary.sentences.map((s) => s.index)].sort((a, b) => a - b),
      'in text order',
    );
    assert.equal(r.usage, null);
    assert.match(warnings.join(' '), /Local mode/);
  });

  test('keywords are noun phrases with counts', async () => {
    const { result } = await run(textAi, { text: ARTICLE, task: 'keywords', maxKeywords: 5 });
    const keywords = (result as { keywords: { keyword: string; count: number; score: number }[] }).keywords;
    assert.equal(keywords.length, 5);
    assert.ok(keywords.some((k) => k.keyword === 'solar power' && k.count === 2));
    assert.equal(keywords[0]!.score, 1);
  });

  test('negation flips sentiment; other languages get a warning', async () => {
    const negative = await run(textAi, { text: 'This is not good. The support was terrible.', task: 'sentiment' });
    assert.equal((negative.result as { sentiment: { label: string } }).sentiment.label, 'negative');
    const german = await run(textAi, {
      text: 'Das Essen war wirklich schrecklich und der Service war sehr langsam, wir kommen nicht wieder.',
      task: 'sentiment',
    });
    assert.match(german.warnings.join(' '), /English-only.*German/);
  });

  test('language of a very short text is undetermined; readability is measured without tokens', async () => {
    const short = await run(textAi, { text: 'Hi', task: 'language' });
    assert.equal((short.result as { language: { code: string } }).language.code, 'und');
    const french = await run(textAi, { text: 'Le renard brun rapide saute par-dessus le chien paresseux dans le jardin de la maison.', task: 'language' });
    assert.deepEqual((french.result as { language: { code: string; iso6391: string } }).language.code, 'fra');
    const readability = await run(textAi, { text: 'The cat sat on the mat. It was happy.', task: 'readability' });
    const r = readability.result as { readability: { fleschReadingEase: number; level: string; fleschKincaidGrade: number }; usage: null };
    assert.ok(r.readability.fleschReadingEase > 90);
    assert.equal(r.readability.level, 'very easy');
    assert.ok(r.readability.fleschKincaidGrade >= 0, 'grades are never negative');
    assert.equal(r.usage, null);
    await expectBadRequest(textAi, { text: '№ 42 !!', task: 'readability' }, 'text');
  });

  test('bad input is a 400 naming the field', async () => {
    await expectBadRequest(textAi, { text: 'x' }, 'task');
    await expectBadRequest(textAi, { text: '   ', task: 'summarize' }, 'text');
    await expectBadRequest(textAi, { text: 'x', task: 'translate' }, 'task');
    await expectBadRequest(textAi, { text: 'x', task: 'summarize', maxWords: 0 }, 'maxWords');
    await expectBadRequest(textAi, { text: 'x'.repeat(100_001), task: 'summarize' }, 'text');
    await expectBadRequest(textAi, { text: 'x', task: 'rewrite', instructions: 'y'.repeat(2001) }, 'instructions');
  });
});

describe('text-ai with the provider', () => {
  test('summarize: the model writes the summary; the text goes in <text> tags; usage is reported', async () => {
    double.queue.push(completion('Solar is cheap but weather-dependent.', { prompt: 120, completion: 9 }));
    const { result, warnings } = await run(textAi, { text: ARTICLE, task: 'summarize', maxWords: 20, instructions: 'focus on cost' }, withAi());
    assert.deepEqual(result, {
      task: 'summarize',
      mode: 'provider',
      model: 'double-model-1',
      summary: { text: 'Solar is cheap but weather-dependent.', method: 'abstractive', wordCount: 6 },
      usage: { promptTokens: 120, completionTokens: 9, totalTokens: 129 },
    });
    assert.deepEqual(warnings, []);
    const sent = double.requests[0]!.body;
    assert.equal(sent.model, 'test-model');
    assert.match(sent.messages![0]!.content, /at most 20 words/);
    assert.match(sent.messages![0]!.content, /focus on cost/);
    assert.equal(sent.messages![1]!.content, `<text>\n${ARTICLE}\n</text>`);
  });

  test('keywords: a fenced JSON answer is parsed; counts come from the text', async () => {
    double.queue.push(completion('```json\n{"keywords": ["solar power", "battery storage", "Solar Power"]}\n```'));
    const { result } = await run(textAi, { text: ARTICLE, task: 'keywords', maxKeywords: 5 }, withAi());
    assert.deepEqual((result as { keywords: unknown }).keywords, [
      { keyword: 'Solar Power', score: 1, count: 2 },
      { keyword: 'battery storage', score: 0.5, count: 1 },
    ]);
  });

  test('sentiment: an answer that is not the asked JSON falls back to the local model, with a warning and the usage', async () => {
    double.queue.push(completion('I think it is mostly positive!', { prompt: 50, completion: 8 }));
    const { result, warnings } = await run(textAi, { text: 'I love it.', task: 'sentiment' }, withAi());
    const r = result as { mode: string; sentiment: { label: string }; usage: unknown };
    assert.equal(r.mode, 'local');
    assert.equal(r.sentiment.label, 'positive');
    assert.deepEqual(r.usage, { promptTokens: 50, completionTokens: 8, totalTokens: 58 });
    assert.match(warnings.join(' '), /did not answer with the asked JSON/);
  });

  test("rewrite and generate return the model's text", async () => {
    double.queue.push(completion('Please send the report by Friday.'));
    const rewrite = await run(
      textAi,
      { text: 'Kindly ensure the report is dispatched prior to Friday.', task: 'rewrite', instructions: 'plain English' },
      withAi(),
    );
    assert.equal((rewrite.result as { text: string }).text, 'Please send the report by Friday.');
    assert.equal((rewrite.result as { wordCount: number }).wordCount, 6);
    assert.match(double.requests[0]!.body.messages![0]!.content, /plain English/);
    double.queue.push(completion('A haiku about tests.'));
    const generated = await run(textAi, { text: 'A haiku about tests', task: 'generate', maxWords: 20 }, withAi());
    assert.equal((generated.result as { mode: string }).mode, 'provider');
    assert.match(double.requests[1]!.body.messages![0]!.content, /at most 20 words/);
  });

  test('language and readability never call the provider', async () => {
    await run(textAi, { text: ARTICLE, task: 'language' }, withAi());
    await run(textAi, { text: ARTICLE, task: 'readability' }, withAi());
    assert.equal(double.requests.length, 0);
  });

  test("a provider failure is the provider's error, not a 500", async () => {
    double.fallback = () => ({ status: 401, json: { error: { message: 'bad key' } } });
    await assert.rejects(run(textAi, { text: ARTICLE, task: 'summarize' }, withAi()), (error: unknown) => asToolError(error).status === 502);
  });
});

describe('youtube-insight', () => {
  test('video ids from every URL form; anything else is a 400 naming url', async () => {
    for (const url of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42',
      'youtu.be/dQw4w9WgXcQ',
      'https://m.youtube.com/shorts/dQw4w9WgXcQ',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      'https://youtube.com/live/dQw4w9WgXcQ?feature=share',
    ]) {
      assert.equal(youtubeVideoId(url), 'dQw4w9WgXcQ', url);
    }
    for (const url of ['https://vimeo.com/123', 'https://www.youtube.com/watch?v=short', 'javascript:alert(1)', 'https://youtube.com/channel/UC123'])
      assert.equal(youtubeVideoId(url), undefined, url);
    await expectBadRequest(youtubeInsight, { title: 'x', url: 'https://vimeo.com/123' }, 'url');
  });

  test('at least one of title, description or transcript', async () => {
    await expectBadRequest(youtubeInsight, {}, 'title');
    await expectBadRequest(youtubeInsight, { url: 'https://youtu.be/dQw4w9WgXcQ', title: '  ' }, 'title');
  });

  test("chapters: start, end and bracket forms; YouTube's rules are checked", async () => {
    assert.deepEqual(parseChapters('00:00 Intro\n(1:05) Setup\nWrap-up - 1:02:03\nsee 3:00 and 4:00\nnot a chapter'), [
      { timestamp: '0:00', seconds: 0, title: 'Intro' },
      { timestamp: '1:05', seconds: 65, title: 'Setup' },
      { timestamp: '1:02:03', seconds: 3723, title: 'Wrap-up' },
    ]);
    const { result } = await run(youtubeInsight, { description: '0:00 Intro\n0:05 Too soon\n2:00 Main part' });
    const r = result as { chaptersValid: boolean; findings: { id: string; evidence: string }[] };
    assert.equal(r.chaptersValid, false);
    assert.match(r.findings.find((f) => f.id === 'youtube.chapters.invalid')!.evidence, /0:00 is shorter than 10 s/);
  });

  test('more than 15 hashtags is a high finding; a too-long title too', async () => {
    const tags = Array.from({ length: 16 }, (_, i) => `#tag${i}`).join(' ');
    const { result } = await run(youtubeInsight, { title: 'x'.repeat(120), description: `A video. ${tags}` });
    const ids = (result as { findings: { id: string; severity: string }[] }).findings.filter((f) => f.severity === 'high').map((f) => f.id);
    assert.ok(ids.includes('youtube.hashtags.too-many'));
    assert.ok(ids.includes('youtube.title.too-long'));
  });

  test('SRT captions are read without their timings', async () => {
    const srt = '1\n00:00:01,000 --> 00:00:04,000\nWelcome to the channel.\n\n2\n00:05:00,000 --> 00:05:03,000\nToday we bake sourdough bread.';
    const { result } = await run(youtubeInsight, { transcript: srt });
    const r = result as { stats: { transcriptWords: number; estimatedDurationSeconds: number }; summary: { text: string } };
    assert.equal(r.stats.transcriptWords, 9);
    assert.equal(r.stats.estimatedDurationSeconds, 303);
    assert.doesNotMatch(r.summary.text, /-->|\d\d:\d\d/);
  });

  test("with the provider: the model's insights, usage reported, mode provider", async () => {
    double.queue.push(
      completion(
        JSON.stringify({
          summary: 'How to brew pour-over coffee.',
          takeaways: ['Grind size matters'],
          suggestedTitles: ['Pour-Over Coffee in 5 Minutes'],
          audience: 'Home baristas.',
        }),
        { prompt: 300, completion: 60 },
      ),
    );
    const { result, warnings } = await run(
      youtubeInsight,
      { title: 'Pour-over coffee at home', transcript: 'Today we brew pour-over coffee. Grind size matters most.' },
      withAi(),
    );
    const r = result as { mode: string; ai: { takeaways: string[] }; summary: { method: string }; usage: unknown };
    assert.equal(r.mode, 'provider');
    assert.deepEqual(r.ai.takeaways, ['Grind size matters']);
    assert.equal(r.summary.method, 'abstractive');
    assert.deepEqual(r.usage, { promptTokens: 300, completionTokens: 60, totalTokens: 360 });
    assert.deepEqual(warnings, []);
    assert.match(double.requests[0]!.body.messages![1]!.content, /<video>[\s\S]*Pour-over coffee at home[\s\S]*<\/video>/);
  });

  test('with the provider answering prose: local insights, a warning, usage still reported', async () => {
    double.queue.push(completion('Great video!'));
    const { result, warnings } = await run(youtubeInsight, { title: 'A title that is long enough' }, withAi());
    assert.equal((result as { mode: string }).mode, 'local');
    assert.ok((result as { usage: unknown }).usage !== null);
    assert.match(warnings.join(' '), /did not answer with the asked JSON/);
  });
});

describe('properties', () => {
  const tasks = ['summarize', 'keywords', 'sentiment', 'language', 'readability'] as const;
  test('random valid text-ai input never gives a 5xx', async () => {
    const input = fc
      .tuple(
        fc.string({ minLength: 1, maxLength: 400, unit: 'grapheme' }),
        fc.constantFrom(...tasks),
        fc.option(fc.integer({ min: 5, max: 2000 }), { nil: undefined }),
      )
      .map(([text, task, maxWords]) => ({ text, task, ...(maxWords ? { maxWords } : {}) }));
    await expectNoServerErrors(textAi, input, { runs: 60 });
  });

  test('random invalid text-ai input is a 400', async () => {
    const input = fc.oneof(
      fc.record({ text: fc.oneof(fc.integer(), fc.boolean(), fc.constant(null)), task: fc.constantFrom(...tasks) }),
      fc.record({
        text: fc.string({ minLength: 1 }),
        task: fc.string().filter((t) => !(tasks as readonly string[]).includes(t) && t !== 'rewrite' && t !== 'generate'),
      }),
      fc.record({
        text: fc.constant('ok'),
        task: fc.constant('summarize'),
        maxWords: fc.oneof(fc.integer({ max: 4 }), fc.integer({ min: 2001 }), fc.double({ noInteger: true })),
      }),
    );
    await expectBadRequests(textAi, input, { runs: 60 });
  });

  test('random valid youtube-insight input never gives a 5xx', async () => {
    const input = fc.record(
      {
        title: fc.string({ maxLength: 120 }),
        description: fc.string({ maxLength: 600 }),
        transcript: fc.option(fc.string({ maxLength: 600 }), { nil: undefined }),
      },
      { requiredKeys: ['title'] },
    );
    await expectNoServerErrors(youtubeInsight, input, { runs: 60 });
  });

  test('random invalid youtube-insight input is a 400', async () => {
    const input = fc.oneof(
      fc.record({ title: fc.oneof(fc.integer(), fc.boolean(), fc.array(fc.string())) }),
      fc.record({ title: fc.constant('x'), url: webUrl().filter((u) => youtubeVideoId(u) === undefined) }),
      // Over 20,000 characters: one random character repeated (fast-check builds a 20,000-character fc.string character by character, seconds per run).
      fc.record({
        description: fc.tuple(fc.string({ minLength: 1, maxLength: 1 }), fc.integer({ min: 20_001, max: 20_010 })).map(([c, n]) => c.repeat(n)),
      }),
    );
    await expectBadRequests(youtubeInsight, input, { runs: 40 });
  });
});
