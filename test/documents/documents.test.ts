import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { convert, converted, convertOk, makeFixtures, officeText, pdfText, supportedConversions, upload, WORDS, type Fixtures } from './fixtures.ts';

/**
 * The documents module through real HTTP: every slug converts a real file and the output is checked by
 * what it contains; supported-conversions lists exactly what answers; bad input is a 4xx.
 */
let server: TestServer;
let fixtures: Fixtures;

const TEXT = `${WORDS.heading}\n\n${WORDS.body}.\n${WORDS.accents}\n`;
const MARKDOWN = `# ${WORDS.heading}\n\n${WORDS.body} **in bold**.\n\n| Item | Qty |\n|---|---|\n| ${WORDS.cell} | 42 |\n`;
const HTML = `<!doctype html><html><head><title>Report</title></head><body><h1>${WORDS.heading}</h1><p>${WORDS.body}.</p><p>${WORDS.accents}</p><table><tr><td>${WORDS.cell}</td><td>42</td></tr></table></body></html>`;
const RTF = `{\\rtf1\\ansi\\deff0{\\fonttbl{\\f0 Arial;}}\\f0\\fs24 {\\b ${WORDS.heading}}\\par ${WORDS.body}.\\par Caf\\u233? cr\\u232?me\\par}`;

/** What every text-carrying output must contain. */
function assertWords(text: string, words: string[] = [WORDS.heading, WORDS.body]): void {
  const flat = text.replace(/\s+/g, ' ');
  for (const word of words) assert.ok(flat.includes(word), `expected "${word}" in: ${flat.slice(0, 600)}`);
}

const docs = (slug: string): string => `/api/v1/documents/${slug}`;

before(async () => {
  server = await startTestServer();
  fixtures = await makeFixtures(['docx', 'doc', 'pdf'], server.service.engines.office!);
});
after(async () => {
  await server?.close();
  fixtures?.cleanup();
});

describe('Word inputs', () => {
  test('docx-to-pdf: the PDF has the heading, the text, the accents and the table', async () => {
    const { body, file } = await convertOk(server, docs('docx-to-pdf'), fixtures.bytes('docx'), 'report.docx');
    assert.equal(body.result.fileName, 'report.pdf');
    assert.equal(body.result.mimeType, 'application/pdf');
    assertWords(pdfText(file), [WORDS.heading, WORDS.body, WORDS.accents, WORDS.cell]);
  });

  test('docx-to-pdf also takes a legacy .doc', async () => {
    const { file } = await convertOk(server, docs('docx-to-pdf'), fixtures.bytes('doc'), 'memo.doc');
    assertWords(pdfText(file));
  });

  test('docx-to-txt: UTF-8 text, one line per paragraph', async () => {
    const { body, file } = await convertOk(server, docs('docx-to-txt'), fixtures.bytes('docx'), 'report.docx', { fileName: 'plain' });
    assert.equal(body.result.fileName, 'plain.txt');
    const text = file.toString('utf8');
    assert.notEqual(file[0], 0xef, 'no byte-order mark');
    assertWords(text, [WORDS.heading, WORDS.body, WORDS.accents, WORDS.cell]);
    assert.ok(
      text
        .split('\n')
        .map((line) => line.trim())
        .includes(WORDS.heading),
      'the heading is a line of its own',
    );
  });

  test('docx-to-html: one page with the headings and the table', async () => {
    const { body, file } = await convertOk(server, docs('docx-to-html'), fixtures.bytes('docx'), 'report.docx');
    assert.equal(body.result.mimeType, 'text/html');
    const html = file.toString('utf8');
    assert.match(html, /<h1[^>]*>[\s\S]*Quarterly report[\s\S]*<\/h1>/);
    assert.match(html, /<table/);
    assertWords(html.replace(/<[^>]+>/g, ' '), [WORDS.body, WORDS.accents, WORDS.cell]);
  });

  test('docx-to-rtf: an RTF document with the text', async () => {
    const { file } = await convertOk(server, docs('docx-to-rtf'), fixtures.bytes('docx'), 'report.docx');
    const rtf = file.toString('latin1');
    assert.ok(rtf.startsWith('{\\rtf1'));
    assertWords(rtf.replace(/\r?\n/g, ''));
  });
});

describe('PDF inputs', () => {
  test('pdf-to-docx: an editable Word document with the text; the approximate layout is said in warnings', async () => {
    const { body, file } = await convertOk(server, docs('pdf-to-docx'), fixtures.bytes('pdf'), 'report.pdf');
    assert.equal(body.result.fileName, 'report.docx');
    assertWords(await officeText(file));
    assert.ok(
      body.warnings?.some((w) => /layout is approximate|approximate/i.test(w)),
      JSON.stringify(body.warnings),
    );
  });

  test('pdf-to-rtf: an RTF document with the text and the same warning', async () => {
    const { body, file } = await convertOk(server, docs('pdf-to-rtf'), fixtures.bytes('pdf'), 'report.pdf');
    assert.ok(file.toString('latin1').startsWith('{\\rtf1'));
    assertWords(file.toString('latin1').replace(/\r?\n/g, ''));
    assert.ok(body.warnings?.some((w) => /approximate/.test(w)));
  });

  test('pdf-to-txt and pdf-to-html (poppler) read the same PDF', async () => {
    const txt = await convertOk(server, docs('pdf-to-txt'), fixtures.bytes('pdf'), 'report.pdf');
    assertWords(txt.file.toString('utf8'), [WORDS.heading, WORDS.body, WORDS.accents]);
    const html = await convertOk(server, docs('pdf-to-html'), fixtures.bytes('pdf'), 'report.pdf');
    assertWords(
      html.file
        .toString('utf8')
        .replace(/<[^>]+>/g, ' ')
        .replace(/&#160;|&nbsp;/g, ' '),
    );
  });
});

describe('plain-text inputs', () => {
  test('txt-to-pdf keeps every line and the accents', async () => {
    const { file } = await convertOk(server, docs('txt-to-pdf'), TEXT, 'notes.txt');
    assertWords(pdfText(file), [WORDS.heading, WORDS.body, WORDS.accents]);
  });

  test('txt-to-docx, txt-to-rtf and txt-to-html carry the text', async () => {
    const docx = await convertOk(server, docs('txt-to-docx'), TEXT, 'notes.txt');
    assertWords(await officeText(docx.file), [WORDS.heading, WORDS.body, WORDS.accents]);
    const rtf = await convertOk(server, docs('txt-to-rtf'), TEXT, 'notes.txt');
    assert.ok(rtf.file.toString('latin1').startsWith('{\\rtf1'));
    assertWords(rtf.file.toString('latin1').replace(/\r?\n/g, ''));
    // Round trip: the RTF back to text gives the accents too (RTF stores them as escapes).
    const back = await convertOk(server, docs('rtf-to-txt'), rtf.file, 'notes.rtf');
    assertWords(back.file.toString('utf8'), [WORDS.heading, WORDS.body, WORDS.accents]);
    const html = await convertOk(server, docs('txt-to-html'), TEXT, 'notes.txt');
    assert.equal(html.body.result.mimeType, 'text/html');
    assertWords(html.file.toString('utf8').replace(/<[^>]+>/g, ' '), [WORDS.heading, WORDS.body, WORDS.accents]);
  });

  test('txt-to-md: Markdown that renders as the same text (checked by rendering it with pandoc)', async () => {
    const tricky = [
      'Price: 5 * 3 = 15 and 2_000_000 units',
      '# not a heading',
      '1. not a list',
      '- not a bullet',
      '> not a quote',
      'a [link](https://example.com) and <b>tags</b> and `code` and ~~strike~~ | pipe',
      'AT&T &amp; entities',
      '',
      '===',
      '',
      'Second paragraph line one',
      'line two',
    ].join('\n');
    const { body, file } = await convertOk(server, docs('txt-to-md'), tricky, 'notes.txt');
    assert.equal(body.result.mimeType, 'text/markdown');
    assert.equal(body.result.fileName, 'notes.md');
    const markdown = file.toString('utf8');
    const rendered = execFileSync('pandoc', ['-f', 'gfm', '-t', 'plain', '--wrap=none'], { input: markdown, encoding: 'utf8' });
    const lines = (s: string): string[] =>
      s
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean);
    assert.deepEqual(lines(rendered), lines(tricky));
    const html = execFileSync('pandoc', ['-f', 'gfm', '-t', 'html'], { input: markdown, encoding: 'utf8' });
    assert.doesNotMatch(html, /<(h1|ol|ul|li|blockquote|b|code|del|table|hr)\b/, html);
    // GFM links a bare URL (the text stays the same); the Markdown link syntax stays literal text.
    assert.deepEqual(html.match(/<a\b[^>]*>[^<]*<\/a>/g), ['<a href="https://example.com">https://example.com</a>']);
    assert.equal((html.match(/<p>/g) ?? []).length, 3, 'blank lines stay paragraph breaks');
  });
});

describe('RTF inputs', () => {
  test('rtf-to-pdf, rtf-to-docx, rtf-to-html and rtf-to-txt carry the text and the accents', async () => {
    const pdf = await convertOk(server, docs('rtf-to-pdf'), RTF, 'letter.rtf');
    assertWords(pdfText(pdf.file), [WORDS.heading, WORDS.body, 'Café']);
    const docx = await convertOk(server, docs('rtf-to-docx'), RTF, 'letter.rtf');
    assertWords(await officeText(docx.file), [WORDS.heading, WORDS.body, 'Café']);
    const html = await convertOk(server, docs('rtf-to-html'), RTF, 'letter.rtf');
    assertWords(html.file.toString('utf8').replace(/<[^>]+>/g, ' '), [WORDS.heading, WORDS.body, 'Café']);
    const txt = await convertOk(server, docs('rtf-to-txt'), RTF, 'letter.rtf');
    assertWords(txt.file.toString('utf8'), [WORDS.heading, WORDS.body, 'Café crème']);
  });
});

describe('Markdown and HTML inputs', () => {
  test('md-to-pdf renders headings, emphasis and tables', async () => {
    const { body, file } = await convertOk(server, docs('md-to-pdf'), MARKDOWN, 'report.md');
    assert.equal(body.result.fileName, 'report.pdf');
    assertWords(pdfText(file), [WORDS.heading, WORDS.body, 'in bold', WORDS.cell]);
  });

  test('md-to-html, md-to-txt and md-to-docx (pandoc) carry the text', async () => {
    const html = await convertOk(server, docs('md-to-html'), MARKDOWN, 'report.md');
    assert.match(html.file.toString('utf8'), /<h1[^>]*>Quarterly report<\/h1>/);
    // A standalone page without a title is titled after its input file (pandoc's pagetitle): the upload's name.
    assert.match(html.file.toString('utf8'), /<title>report<\/title>/);
    const txt = await convertOk(server, docs('md-to-txt'), MARKDOWN, 'report.md');
    assertWords(txt.file.toString('utf8'));
    const docx = await convertOk(server, docs('md-to-docx'), MARKDOWN, 'report.md');
    assertWords(await officeText(docx.file), [WORDS.heading, WORDS.body, WORDS.cell]);
  });

  test('html-to-pdf typesets the page; html-to-txt, html-to-md and html-to-docx carry the text', async () => {
    const pdf = await convertOk(server, docs('html-to-pdf'), HTML, 'page.html');
    assertWords(pdfText(pdf.file), [WORDS.heading, WORDS.body, WORDS.accents, WORDS.cell]);
    assert.equal(pdf.body.warnings, undefined, 'nothing to strip, nothing said');
    const txt = await convertOk(server, docs('html-to-txt'), HTML, 'page.html');
    assertWords(txt.file.toString('utf8'));
    const md = await convertOk(server, docs('html-to-md'), HTML, 'page.html');
    assert.match(md.file.toString('utf8'), /^# Quarterly report/m);
    const docx = await convertOk(server, docs('html-to-docx'), HTML, 'page.html');
    assertWords(await officeText(docx.file));
  });

  test('html-to-pdf also takes HTML that does not start with a tag', async () => {
    const { file } = await convertOk(server, docs('html-to-pdf'), `${WORDS.heading} <b>${WORDS.body}</b>`, 'fragment.html');
    const text = pdfText(file);
    assertWords(text);
    assert.doesNotMatch(text, /<b>/, 'read as HTML, not as text');
  });
});

describe('untrusted HTML never reaches outside the upload', () => {
  let spy: Server;
  let hits: string[];
  let origin: string;
  before(async () => {
    hits = [];
    spy = createServer((request, response) => {
      hits.push(request.url ?? '');
      response.writeHead(200, { 'content-type': 'image/png' }).end();
    });
    await new Promise<void>((resolve) => spy.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(spy.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => spy.close(() => resolve())));

  const redPixel = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
  const hostile = (o: string): string => `<!doctype html><html><head>
<link rel="stylesheet" href="${o}/style.css"><script src="${o}/app.js"></script><base href="${o}/">
<style>@import url("${o}/import.css"); body { background: url(${o}/bg.png); }</style></head>
<body><h1>${WORDS.heading}</h1>
<img src="${o}/remote.png" alt="remote chart"><img src="file:///etc/passwd" alt="local file"><img src="../../../../etc/hostname">
<iframe src="${o}/frame.html"></iframe><object data="${o}/object.swf"></object><embed src="${o}/embed.swf">
<video src="${o}/video.mp4" poster="${o}/poster.png"></video><img srcset="${o}/a.png 1x, ${o}/b.png 2x">
<p style="background-image: url('${o}/inline.png')">${WORDS.body}.</p>
<img src="${redPixel}" alt="inline pixel">
</body></html>`;

  test('html-to-pdf: no request leaves, no local file is read, the text and inline images stay, and warnings say what was removed', async () => {
    const { body, file } = await convertOk(server, docs('html-to-pdf'), hostile(origin), 'hostile.html');
    const text = pdfText(file);
    assertWords(text);
    assert.ok(text.includes('remote chart'), 'a removed image leaves its alt text');
    assert.doesNotMatch(text, /root:x:0:0/, '/etc/passwd was not embedded');
    assert.deepEqual(hits, [], 'LibreOffice fetched nothing');
    assert.ok(
      body.warnings?.some((w) => /references? to outside resources/.test(w)),
      JSON.stringify(body.warnings),
    );
    assert.match(file.toString('latin1'), /\/Subtype\s*\/Image/, 'the inline data: image is kept');
  });

  test('md-to-pdf: remote and local images in Markdown are not fetched either', async () => {
    const markdown = `# ${WORDS.heading}\n\n![remote](${origin}/md.png) ![local](/etc/passwd)\n\n${WORDS.body}.\n`;
    const { file } = await convertOk(server, docs('md-to-pdf'), markdown, 'doc.md');
    assertWords(pdfText(file));
    assert.deepEqual(hits, []);
  });
});

describe('bad input is a 4xx naming what was expected', () => {
  test('a PNG sent to docx-to-pdf → 415 naming the accepted formats', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
    const response = await upload(server, docs('docx-to-pdf'), png, 'report.docx');
    assert.equal(response.status, 415);
    const body = (await response.json()) as { error: string; detail: string };
    assert.equal(body.error, 'unsupported_media_type');
    assert.match(body.detail, /^file: expected Word document \(DOCX\), Word 97-2003 document \(DOC\); it looks like PNG image\.$/);
  });

  test('a damaged Word document → 422 with a clear detail, and the server keeps converting', async () => {
    const broken = fixtures.bytes('docx').subarray(0, 1200);
    const outcome = await convert(server, docs('docx-to-pdf'), broken, 'broken.docx');
    assert.ok(outcome.status === 422 || outcome.status === 400, JSON.stringify(outcome.body));
    assert.match(outcome.body.detail ?? '', /^file: /);
    await convertOk(server, docs('docx-to-txt'), fixtures.bytes('docx'), 'report.docx');
    // A damaged legacy .doc is refused too, instead of being read as plain text by LibreOffice's fallback.
    const brokenDoc = await convert(server, docs('docx-to-txt'), fixtures.bytes('doc').subarray(0, 1500), 'broken.doc');
    assert.equal(brokenDoc.status, 422, JSON.stringify(brokenDoc.body));
  });

  test('a PDF that is not one → 415; text sent to pdf-to-docx → 415', async () => {
    const response = await upload(server, docs('pdf-to-docx'), 'just text', 'fake.pdf');
    assert.equal(response.status, 415);
  });

  test('no scratch files are left behind', () => {
    assert.deepEqual(readdirSync(path.join(server.dataDir, 'scratch')), []);
  });
});

describe('supported-conversions lists exactly the conversions that answer', () => {
  const CATALOG = [
    'docx-to-pdf',
    'docx-to-txt',
    'txt-to-pdf',
    'docx-to-html',
    'pdf-to-txt',
    'docx-to-rtf',
    'pdf-to-rtf',
    'txt-to-rtf',
    'rtf-to-txt',
    'txt-to-md',
    'rtf-to-pdf',
    'md-to-pdf',
    'md-to-txt',
    'md-to-html',
    'pdf-to-html',
    'txt-to-html',
    'rtf-to-html',
    'html-to-pdf',
    'html-to-txt',
    'html-to-md',
    'txt-to-docx',
    'pdf-to-docx',
    'rtf-to-docx',
    'md-to-docx',
    'html-to-docx',
  ];
  /** Conversions that need no LibreOffice (pandoc, poppler, or done in-process). */
  const WITHOUT_OFFICE = ['md-to-txt', 'md-to-html', 'md-to-docx', 'html-to-md', 'html-to-txt', 'html-to-docx', 'pdf-to-txt', 'pdf-to-html', 'txt-to-md'];

  test('every one of the 25 catalog slugs is listed, and every listed slug converted a real file above', async () => {
    const list = await supportedConversions(server, 'documents');
    assert.deepEqual(list.conversions.map((c) => c.slug).sort(), [...CATALOG].sort());
    assert.equal(list.count, 25);
    assert.deepEqual(list.unavailable, []);
    for (const conversion of list.conversions) assert.ok(converted.has(conversion.path), `${conversion.slug} was not converted by a test`);
    const docxToPdf = list.conversions.find((c) => c.slug === 'docx-to-pdf');
    assert.deepEqual(docxToPdf && { from: docxToPdf.from, to: docxToPdf.to, method: docxToPdf.method }, { from: ['docx', 'doc'], to: 'pdf', method: 'POST' });
  });

  describe('with LibreOffice disabled (TOOLAPI_OFFICE_WORKERS=0)', () => {
    let bare: TestServer;
    before(async () => {
      bare = await startTestServer({ TOOLAPI_OFFICE_WORKERS: '0' });
    });
    after(async () => {
      await bare.close();
    });

    test('the LibreOffice conversions leave the list and are named as unavailable', async () => {
      const list = await supportedConversions(bare, 'documents');
      assert.deepEqual(list.conversions.map((c) => c.slug).sort(), [...WITHOUT_OFFICE].sort());
      assert.deepEqual(list.unavailable.map((u) => u.slug).sort(), CATALOG.filter((s) => !WITHOUT_OFFICE.includes(s)).sort());
      assert.ok(list.unavailable.every((u) => u.missing.includes('office')));
    });

    test('they answer 501 engine_unavailable (and spend nothing); the others still convert', async () => {
      for (const [slug, content, name] of [
        ['txt-to-pdf', TEXT, 'a.txt'],
        ['docx-to-pdf', fixtures.bytes('docx'), 'a.docx'],
        ['html-to-pdf', HTML, 'a.html'],
        ['md-to-pdf', MARKDOWN, 'a.md'],
      ] as const) {
        const response = await upload(bare, docs(slug), content, name);
        assert.equal(response.status, 501, slug);
        const body = (await response.json()) as { error: string; detail: string };
        assert.equal(body.error, 'engine_unavailable');
        assert.match(body.detail, /LibreOffice/);
      }
      const usage = (await (await bare.get('/api/v1/usage')).json()) as { result: { used: number } };
      assert.equal(usage.result.used, 0);
      const md = await convertOk(bare, docs('txt-to-md'), TEXT, 'a.txt');
      assert.match(md.file.toString('utf8'), /^Quarterly report$/m);
    });
  });
});
