import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { webUrl } from '../../../test/helpers/web-url.ts';
import type { AnyTool } from '../../registry/define-tool.ts';
import { expectBadRequest, expectNoServerError, run } from '../../../test/helpers/invoke.ts';
import { youtubeToolsTools } from './index.ts';
import { parseTimestamp } from './youtube-url-parser.ts';

function tool(slug: string): AnyTool {
  const found = youtubeToolsTools.find((t) => t.slug === `youtube-${slug}`);
  assert.ok(found, `no tool youtube-${slug}`);
  return found;
}

async function call<T = Record<string, unknown>>(slug: string, input: unknown): Promise<T> {
  return (await run(tool(slug), input)).result as T;
}

interface Audit {
  score: number;
  scoreBreakdown: Record<string, number>;
  findings: { id: string; severity: string }[];
}
const ids = (a: Audit): string[] => a.findings.map((f) => f.id);

test('the module has the 6 catalog slugs in order', () => {
  assert.deepEqual(
    youtubeToolsTools.map((t) => t.slug),
    [
      'youtube-url-parser',
      'youtube-title-optimizer',
      'youtube-description-optimizer',
      'youtube-engagement-calculator',
      'youtube-rpm-calculator',
      'youtube-caption-formatter',
    ],
  );
});

test('every example gives its output through the pipeline', async () => {
  for (const t of youtubeToolsTools) {
    for (const example of t.examples) assert.deepEqual((await run(t, example.input)).result, example.output, `${t.slug}: ${example.title ?? ''}`);
  }
});

describe('youtube-url-parser', () => {
  const parse = (url: string) =>
    call<{
      type: string;
      videoId: string | null;
      playlistId: string | null;
      startSeconds: number | null;
      host: string | null;
      channel: unknown;
      embedUrl: string | null;
    }>('url-parser', { url });

  test('every URL form gives the video id, type and start time', async () => {
    const id = 'dQw4w9WgXcQ';
    const cases: [string, string, number | null][] = [
      [`https://www.youtube.com/watch?v=${id}`, 'video', null],
      [`https://m.youtube.com/watch?v=${id}&t=90`, 'video', 90],
      [`https://youtu.be/${id}?si=abc&t=1m30s`, 'video', 90],
      [`https://www.youtube.com/shorts/${id}`, 'shorts', null],
      [`https://www.youtube.com/embed/${id}?start=42&end=60`, 'embed', 42],
      [`https://www.youtube-nocookie.com/embed/${id}`, 'embed', null],
      [`https://www.youtube.com/live/${id}?feature=share`, 'live', null],
      [`https://music.youtube.com/watch?v=${id}`, 'video', null],
      [`youtube.com/watch?v=${id}#t=2h`, 'video', 7200],
      [`http://www.youtube.com/v/${id}`, 'video', null],
      [id, 'video', null],
    ];
    for (const [url, type, start] of cases) {
      const out = await parse(url);
      assert.equal(out.videoId, id, url);
      assert.equal(out.type, type, url);
      assert.equal(out.startSeconds, start, url);
    }
    assert.equal((await parse(id)).host, null);
    assert.equal((await parse(`https://www.youtube.com/embed/${id}?start=42&end=60`)).embedUrl, `https://www.youtube.com/embed/${id}?start=42&end=60`);
  });

  test('timestamps in all their forms', () => {
    assert.equal(parseTimestamp('1h2m3s'), 3723);
    assert.equal(parseTimestamp('90'), 90);
    assert.equal(parseTimestamp('90s'), 90);
    assert.equal(parseTimestamp('2m'), 120);
    assert.equal(parseTimestamp('1:02:03'), 3723);
    assert.equal(parseTimestamp('1m70'), undefined);
    assert.equal(parseTimestamp(''), undefined);
  });

  test('playlists and channels', async () => {
    const embed = await parse('https://www.youtube.com/embed/videoseries?list=PLFgquLnL59alCl_2TQvOiD5Vgm1hCaGSI');
    assert.equal(embed.type, 'playlist');
    assert.equal(embed.playlistId, 'PLFgquLnL59alCl_2TQvOiD5Vgm1hCaGSI');
    assert.deepEqual((await parse('https://www.youtube.com/@GoogleDevelopers')).channel, {
      handle: '@GoogleDevelopers',
      channelId: null,
      customName: null,
      username: null,
    });
    assert.equal((await parse('https://www.youtube.com/channel/UC_x5XG1OV2P6uZZ5FSM9Ttw')).type, 'channel');
  });

  test('a malformed timestamp is ignored with a warning', async () => {
    const { result, warnings } = await run(tool('url-parser'), { url: 'https://youtu.be/dQw4w9WgXcQ?t=soon' });
    assert.equal((result as { startSeconds: number | null }).startSeconds, null);
    assert.match(warnings.join(' '), /t= "soon" ignored/);
  });

  test('refusals name url', async () => {
    for (const url of [
      'https://vimeo.com/123',
      'https://www.youtube.com/watch?v=short',
      'https://www.youtube.com/watch?v=dQw4w9WgXcR', // last character cannot end a 64-bit id
      'https://www.youtube.com/watch',
      'https://youtu.be/',
      'ftp://youtube.com/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/results?search_query=x',
      'not a url at all',
    ]) {
      await expectBadRequest(tool('url-parser'), { url }, 'url');
    }
    await expectBadRequest(tool('url-parser'), {}, 'url');
  });
});

describe('youtube-title-optimizer', () => {
  test('over 100 characters is high; missing keyword is high; ids are stable', async () => {
    const title = 'A '.repeat(60).trim();
    const a = await call<Audit>('title-optimizer', { title, keywords: ['pizza'] });
    const b = await call<Audit>('title-optimizer', { title, keywords: ['pizza'] });
    assert.ok(ids(a).includes('title-over-limit'));
    assert.ok(ids(a).includes('primary-keyword-missing'));
    assert.deepEqual(ids(a), ids(b));
    assert.equal(a.findings[0]?.severity, 'high');
  });

  test('all caps, invalid characters, stuffing, emoji, hashtags', async () => {
    const out = await call<Audit & { cleanedTitle: string }>('title-optimizer', { title: '  BEST PIZZA EVER <3 PIZZA PIZZA 🍕🍕🍕 #PIZZA  ' });
    for (const id of ['all-caps', 'invalid-characters', 'keyword-stuffing', 'emoji-overload', 'hashtags-in-title', 'extra-whitespace']) {
      assert.ok(ids(out).includes(id), `${id} in ${ids(out).join(',')}`);
    }
    assert.equal(out.cleanedTitle, 'BEST PIZZA EVER 3 PIZZA PIZZA 🍕🍕🍕 #PIZZA');
    assert.equal(
      out.score,
      Math.max(
        0,
        Object.values(out.scoreBreakdown).reduce((x, y) => x + y, 0),
      ),
    );
  });

  test('keywords match case- and accent-insensitively, as whole words', async () => {
    const out = await call<{ keywords: { found: boolean; position: number | null }[] }>('title-optimizer', {
      title: 'Crème Brûlée at home',
      keywords: ['creme brulee', 'home', 'om'],
    });
    assert.deepEqual(
      out.keywords.map((k) => k.found),
      [true, true, false],
    );
  });

  test('refusals', async () => {
    await expectBadRequest(tool('title-optimizer'), { title: '' }, 'title');
    await expectBadRequest(tool('title-optimizer'), { title: 'x', keywords: [''] }, 'keywords.0');
  });
});

describe('youtube-description-optimizer', () => {
  test('more than 15 hashtags makes YouTube ignore them all', async () => {
    const tags = Array.from({ length: 16 }, (_, i) => `#tag${i}`).join(' ');
    const out = await call<Audit & { hashtagsShownAboveTitle: string[] }>('description-optimizer', { description: `A video about things.\n\n${tags}` });
    assert.ok(ids(out).includes('too-many-hashtags'));
    assert.deepEqual(out.hashtagsShownAboveTitle, ['#tag0', '#tag1', '#tag2']);
  });

  test('over 5000 characters is high; chapters under 10 s are flagged', async () => {
    const long = await call<Audit>('description-optimizer', { description: 'word '.repeat(1100) });
    assert.ok(ids(long).includes('description-over-limit'));
    const chapters = await call<Audit>('description-optimizer', { description: 'Intro text.\n0:00 Intro\n0:05 Too short\n1:00 Main part\n5:00 End' });
    assert.ok(ids(chapters).includes('chapters-too-short'));
    assert.ok(!ids(chapters).includes('chapters-first-not-zero'));
  });

  test('opening with a link, http links and shorteners, title echo', async () => {
    const out = await call<Audit & { links: string[] }>('description-optimizer', {
      description: 'https://bit.ly/abc\nhttp://example.com/page.\nSome text, see https://example.com/docs/#setup',
      title: 'Fermentation explained',
    });
    for (const id of ['weak-opening-line', 'insecure-links', 'shortened-links', 'opening-ignores-title']) assert.ok(ids(out).includes(id), id);
    assert.deepEqual(out.links, ['https://bit.ly/abc', 'http://example.com/page', 'https://example.com/docs/#setup']);
    assert.ok(ids(out).includes('no-hashtags'), 'a URL fragment is not a hashtag');
  });

  test('missing description is a 400', async () => {
    await expectBadRequest(tool('description-optimizer'), { title: 'x' }, 'description');
  });
});

describe('youtube-engagement-calculator', () => {
  test('zero views and negative counts are 400s naming the field', async () => {
    await expectBadRequest(tool('engagement-calculator'), { views: 0, likes: 1 }, 'views');
    await expectBadRequest(tool('engagement-calculator'), { views: 10, likes: -1 }, 'likes');
    await expectBadRequest(tool('engagement-calculator'), { views: 10, likes: 1, subscribers: 0 }, 'subscribers');
  });

  test('likes above views give a warning, not an error', async () => {
    const { warnings } = await run(tool('engagement-calculator'), { views: 10, likes: 20 });
    assert.equal(warnings.length, 1);
  });
});

describe('youtube-rpm-calculator', () => {
  test('views from revenue and RPM', async () => {
    const out = await call<{ views: number; mode: string }>('rpm-calculator', { revenue: '500', rpm: '2.50' });
    assert.deepEqual([out.mode, out.views], ['views-from-rpm', 200000]);
  });

  test('decimal strings keep cents exact', async () => {
    const out = await call<{ revenue: string; rpm: string }>('rpm-calculator', { rpm: '0.1', views: 3 });
    assert.equal(out.revenue, '0.00');
    const exact = await call<{ rpm: string }>('rpm-calculator', { revenue: '0.3', views: 100 });
    assert.equal(exact.rpm, '3.00');
  });

  test('refusals name the field', async () => {
    await expectBadRequest(tool('rpm-calculator'), { revenue: 10 }, 'body');
    await expectBadRequest(tool('rpm-calculator'), { revenue: 10, views: 5, rpm: 2 }, 'rpm');
    await expectBadRequest(tool('rpm-calculator'), { cpm: 10, views: 5 }, 'monetizedPlaybackPercent');
    await expectBadRequest(tool('rpm-calculator'), { revenue: 'ten', views: 5 }, 'revenue');
    await expectBadRequest(tool('rpm-calculator'), { revenue: -1, views: 5 }, 'revenue');
    await expectBadRequest(tool('rpm-calculator'), { revenue: 1, rpm: 0 }, 'rpm');
    await expectBadRequest(tool('rpm-calculator'), { revenue: 1, views: 5, currency: 'dollars' }, 'currency');
  });
});

describe('youtube-caption-formatter', () => {
  const format = (input: Record<string, unknown>) =>
    call<Audit & { output: string; cueCount: number; timing: Record<string, number> }>('caption-formatter', input);

  test('malformed timestamps are 400s naming captions and the line', async () => {
    await assert.rejects(run(tool('caption-formatter'), { captions: '1\n00:00:01,000 --> 00:00:0x,000\nHi\n', to: 'vtt' }), (e: { detail?: string }) => {
      assert.match(e.detail ?? '', /^captions: line 2: malformed timestamp "00:00:0x,000"/);
      return true;
    });
    await expectBadRequest(tool('caption-formatter'), { captions: 'just some text', to: 'srt' }, 'captions');
    await expectBadRequest(tool('caption-formatter'), { captions: '1\n00:00:01,000 --> 00:00:02,000\nHi\n', to: 'srt', from: 'vtt' }, 'captions');
    await expectBadRequest(tool('caption-formatter'), { captions: '1\n00:00:01,000 --> 00:00:02,000\nHi\n', to: 'docx' }, 'to');
    await expectBadRequest(tool('caption-formatter'), { captions: '1\n00:00:01,000 --> 00:00:02,000\nHi\n\n2\nno timing here\n', to: 'srt' }, 'captions');
  });

  test('end before start, zero duration, out of order are findings with stable ids', async () => {
    const captions = '1\n00:00:05,000 --> 00:00:04,000\nA\n\n2\n00:00:06,000 --> 00:00:06,000\nB\n\n3\n00:00:01,000 --> 00:00:02,000\nC\n';
    const out = await format({ captions, to: 'srt' });
    assert.deepEqual(ids(out), ['end-before-start-cue-1', 'zero-duration-cue-2', 'out-of-order-cue-3']);
    assert.deepEqual(out.timing, { endBeforeStart: 1, zeroDuration: 1, overlaps: 0, outOfOrder: 1, overlapsFixed: 0 });
    assert.equal(out.score, 100 - 25 - 10 - 10);
  });

  test('a missing blank line between cues still splits them; SRT output is renumbered', async () => {
    const captions = '7\n00:00:01,000 --> 00:00:02,000\nOne\n8\n00:00:03,000 --> 00:00:04,000\nTwo\n';
    const out = await format({ captions, to: 'srt' });
    assert.equal(out.cueCount, 2);
    assert.equal(out.output, '1\n00:00:01,000 --> 00:00:02,000\nOne\n\n2\n00:00:03,000 --> 00:00:04,000\nTwo\n');
    assert.ok(ids(out).includes('srt-numbering'));
  });

  test('VTT notes, styles and cue settings; readability findings', async () => {
    const captions =
      'WEBVTT - test\n\nNOTE a comment\n\nSTYLE\n::cue { color: red }\n\n1:02:03.000 --> 1:02:04.000 line:0\nThis line is definitely much longer than forty-two characters\n';
    const out = await format({ captions, to: 'vtt' });
    assert.equal(out.output, 'WEBVTT\n\n01:02:03.000 --> 01:02:04.000 line:0\nThis line is definitely much longer than forty-two characters\n');
    assert.ok(ids(out).includes('long-line-cue-1'));
    assert.ok(ids(out).includes('reading-speed-cue-1'));
  });

  test('property: generated SRT → VTT → SRT is the same file (accepted losses: none for numbered cues with plain text)', async () => {
    const stamp = (ms: number): string => {
      const h = Math.floor(ms / 3_600_000);
      const m = Math.floor(ms / 60_000) % 60;
      const s = Math.floor(ms / 1000) % 60;
      return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')},${String(ms % 1000).padStart(3, '0')}`;
    };
    const line = fc
      .stringMatching(/^[A-Za-z0-9éü日本 ,.!?&'-]{1,30}$/)
      .map((t) => t.trim())
      .filter((t) => t !== '' && !t.includes('-->'));
    const cues = fc.array(fc.tuple(fc.integer({ min: 1, max: 5000 }), fc.integer({ min: 500, max: 4000 }), fc.array(line, { minLength: 1, maxLength: 2 })), {
      minLength: 1,
      maxLength: 5,
    });
    await fc.assert(
      fc.asyncProperty(cues, async (list) => {
        let start = 0;
        const srt = list
          .map(([gap, length, lines], i) => {
            start += gap;
            const cue = `${i + 1}\n${stamp(start)} --> ${stamp(start + length)}\n${lines.join('\n')}\n`;
            start += length;
            return cue;
          })
          .join('\n');
        const vtt = (await format({ captions: srt, to: 'vtt' })).output;
        assert.equal((await format({ captions: vtt, to: 'srt' })).output, srt, vtt);
      }),
      { numRuns: 40 },
    );
  });

  test('SRT round trip through VTT is lossless for plain cues', async () => {
    const srt = '1\n00:00:01,000 --> 00:00:02,500\nA & B\n\n2\n00:01:00,000 --> 00:01:03,000\n<i>Line one</i>\nLine two\n';
    const vtt = (await format({ captions: srt, to: 'vtt' })).output;
    assert.match(vtt, /A &amp; B/);
    assert.equal((await format({ captions: vtt, to: 'srt' })).output, srt);
  });
});

test('property: random valid inputs never give a 5xx; invalid ones give a 400', async () => {
  const id = fc.stringMatching(/^[A-Za-z0-9_-]{10}[AEIMQUYcgkosw048]$/);
  const text = fc.string({ unit: 'grapheme', maxLength: 300 });
  const optionalKeywords = fc.option(
    fc.array(
      fc.string({ minLength: 1, maxLength: 20 }).filter((k) => k.trim() !== ''),
      { maxLength: 4 },
    ),
    { nil: undefined },
  );
  const cue = fc.record({
    start: fc.nat(10_000_000),
    len: fc.integer({ min: -5000, max: 20_000 }),
    text: fc.string({ maxLength: 60 }).map((s) => s.replace(/[\r\n]/g, ' ').replace(/-->/g, '')),
  });
  const srt = fc
    .array(cue, { minLength: 1, maxLength: 20 })
    .map((cues) => cues.map((c, i) => `${i + 1}\n${ts(c.start)} --> ${ts(Math.max(0, c.start + c.len))}\n${c.text.trim() === '' ? 'x' : c.text}\n`).join('\n'));
  const valid = fc.oneof(
    fc.tuple(
      fc.constant('url-parser'),
      fc.record({
        url: fc
          .tuple(
            fc.constantFrom('https://youtu.be/', 'https://www.youtube.com/watch?v=', 'https://m.youtube.com/shorts/'),
            id,
            fc.constantFrom('', '?t=1h2m3s', '&t=90', '?t=junk'),
          )
          .map(([a, b, c]) => `${a}${b}${a.includes('?') ? c.replace('?', '&') : c.replace('&', '?')}`),
      }),
    ),
    fc.tuple(
      fc.constant('title-optimizer'),
      fc.record({
        title: text.filter((t) => t.length > 0),
        keywords: optionalKeywords,
      }),
    ),
    fc.tuple(
      fc.constant('description-optimizer'),
      fc.record({
        description: text.filter((t) => t.length > 0),
        title: fc.option(text, { nil: undefined }),
        keywords: optionalKeywords,
      }),
    ),
    fc.tuple(
      fc.constant('engagement-calculator'),
      fc.record({
        views: fc.integer({ min: 1, max: 1e12 }),
        likes: fc.nat(1e9),
        comments: fc.nat(1e9),
        shares: fc.nat(1e9),
        subscribers: fc.option(fc.integer({ min: 1, max: 1e10 }), { nil: undefined }),
      }),
    ),
    fc.tuple(fc.constant('rpm-calculator'), fc.record({ revenue: fc.double({ min: 0, max: 1e9, noNaN: true }), views: fc.integer({ min: 1, max: 1e12 }) })),
    fc.tuple(fc.constant('caption-formatter'), fc.record({ captions: srt, to: fc.constantFrom('srt', 'vtt', 'text'), fixOverlaps: fc.boolean() })),
  );
  await fc.assert(
    fc.asyncProperty(valid, async ([slug, input]) => {
      const outcome = await expectNoServerError(tool(slug), input);
      if (slug !== 'title-optimizer' && slug !== 'description-optimizer')
        assert.equal(typeof outcome, 'object', `${slug} refused ${JSON.stringify(input).slice(0, 200)}`);
    }),
    { numRuns: 300 },
  );
  const invalid = fc.oneof(
    fc.tuple(
      fc.constant('url-parser'),
      fc.record({
        url: fc.oneof(
          fc.integer(),
          webUrl().filter((u) => !/youtu/.test(u)),
        ),
      }),
      fc.constant('url'),
    ),
    fc.tuple(fc.constant('title-optimizer'), fc.record({ title: fc.oneof(fc.constant(''), fc.integer()) }), fc.constant('title')),
    fc.tuple(fc.constant('description-optimizer'), fc.record({ description: fc.oneof(fc.constant(''), fc.boolean()) }), fc.constant('description')),
    fc.tuple(
      fc.constant('engagement-calculator'),
      fc.record({ views: fc.oneof(fc.integer({ max: 0 }), fc.double({ min: 0.1, max: 0.9 })), likes: fc.nat() }),
      fc.constant('views'),
    ),
    fc.tuple(
      fc.constant('rpm-calculator'),
      fc.record({
        revenue: fc.oneof(
          fc.integer({ max: -1 }),
          fc.string().filter((s) => !/^\s*\d{1,13}(\.\d{1,10})?\s*$/.test(s)),
        ),
        views: fc.constant(10),
      }),
      fc.constant('revenue'),
    ),
    fc.tuple(
      fc.constant('caption-formatter'),
      fc.record({ captions: fc.string({ maxLength: 80 }).filter((s) => !s.includes('-->')), to: fc.constant('srt') }),
      fc.constant('captions'),
    ),
  );
  await fc.assert(
    fc.asyncProperty(invalid, async ([slug, input, field]) => {
      await expectBadRequest(tool(slug), input, field);
    }),
    { numRuns: 300 },
  );
});

function ts(ms: number): string {
  const pad = (n: number, w = 2): string => String(n).padStart(w, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)},${pad(ms % 1000, 3)}`;
}
