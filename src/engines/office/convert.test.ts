import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { once } from 'node:events';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createOfficeEngine, type OfficeEngine } from './index.ts';
import { createPopplerEngine } from '../poppler/index.ts';
import { captureLog, expectToolError, isPng, officeFixtures, PARAGRAPH, pdfPages, pdfText, scratch, zipEntry } from '../../../test/helpers/office.ts';

let engine: OfficeEngine;
const poppler = createPopplerEngine();
let dir: string;
let fixtures: { docx: string; odt: string; xlsx: string; pptx: string };

before(async () => {
  dir = scratch();
  engine = createOfficeEngine({ workers: 2, log: captureLog(), tempDir: path.join(dir, 'engine') });
  await engine.whenReady();
  assert.equal(engine.stats().mode, 'uno', 'these tests need the warm UNO pool (python3-uno)');
  fixtures = await officeFixtures(engine, dir);
});

after(async () => {
  await engine?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('office engine: conversions checked by content', () => {
  test('the fixtures are real office files', () => {
    assert.match(zipEntry(fixtures.docx, 'word/document.xml'), new RegExp(PARAGRAPH));
    assert.match(zipEntry(fixtures.odt, 'content.xml'), new RegExp(PARAGRAPH));
    assert.match(zipEntry(fixtures.xlsx, 'xl/sharedStrings.xml'), /East, Coast/);
    assert.match(zipEntry(fixtures.pptx, 'ppt/slides/slide1.xml'), /Roadmap slide one/);
    assert.match(zipEntry(fixtures.pptx, 'ppt/slides/slide2.xml'), /Budget slide two/);
  });

  test('docx → pdf', async () => {
    const pdf = await engine.convert({ input: fixtures.docx, outputDir: path.join(dir, 'out-docx-pdf'), format: 'pdf' });
    assert.equal(pdf, path.join(dir, 'out-docx-pdf', 'letter.pdf'));
    const text = pdfText(pdf);
    assert.match(text, /Quarterly report/);
    assert.match(text, new RegExp(PARAGRAPH));
    assert.match(text, /café, naïve, 東京/);
    assert.equal(pdfPages(pdf), 1);
  });

  test('odt → docx', async () => {
    const docx = await engine.convert({ input: fixtures.odt, outputDir: path.join(dir, 'out-odt-docx'), format: 'docx' });
    const xml = zipEntry(docx, 'word/document.xml');
    assert.match(xml, new RegExp(PARAGRAPH));
    assert.match(xml, /Widgets/);
  });

  test('xlsx → csv keeps the values and quotes only where needed', async () => {
    const csv = await engine.convert({ input: fixtures.xlsx, outputDir: path.join(dir, 'out-xlsx-csv'), format: 'csv' });
    assert.equal(readFileSync(csv, 'utf8'), 'region,units,price\nNorth,12,3.5\nSouth,7,4.25\n"East, Coast",30,1\n');
  });

  test('an explicit filter in --convert-to form: semicolon-separated csv', async () => {
    const csv = await engine.convert({
      input: fixtures.xlsx,
      outputDir: path.join(dir, 'out-xlsx-csv-semicolon'),
      format: 'csv',
      filter: 'csv:Text - txt - csv (StarCalc):59,34,76,1,,0,false,true,false,false,false',
    });
    assert.equal(readFileSync(csv, 'utf8'), 'region;units;price\nNorth;12;3.5\nSouth;7;4.25\nEast, Coast;30;1\n');
  });

  test('pptx → pdf: one page per slide', async () => {
    const pdf = await engine.convert({ input: fixtures.pptx, outputDir: path.join(dir, 'out-pptx-pdf'), format: 'pdf' });
    assert.equal(pdfPages(pdf), 2);
    const text = pdfText(pdf);
    assert.match(text, /Roadmap slide one/);
    assert.match(text, /Budget slide two/);
  });

  test('filter data: a page range on the PDF export', async () => {
    const pdf = await engine.convert({ input: fixtures.pptx, outputDir: path.join(dir, 'out-pptx-range'), format: 'pdf', filterOptions: { PageRange: '2' } });
    assert.equal(pdfPages(pdf), 1);
    assert.match(pdfText(pdf), /Budget slide two/);
    assert.doesNotMatch(pdfText(pdf), /Roadmap/);
  });

  // The path of office/pptx-to-images: LibreOffice lays the slides out as PDF, poppler renders them.
  test('pptx → png: one image per slide, in order, at the requested resolution', async () => {
    const pdf = await engine.convert({ input: fixtures.pptx, outputDir: path.join(dir, 'out-pptx-png-pdf'), format: 'pdf' });
    const pages = await poppler.renderPages(pdf, path.join(dir, 'out-pptx-png'), { format: 'png', resolution: 96 });
    assert.deepEqual(
      pages.map((p) => p.page),
      [1, 2],
    );
    for (const { file: page } of pages) {
      const { width, height } = isPng(page);
      assert.ok(Math.abs(width - 1058) <= 2, `28 cm at 96 dpi is about 1058 px, got ${width}`);
      assert.ok(Math.abs(width / height - 16 / 9) < 0.02, `16:9 slide, got ${width}x${height}`);
    }
  });

  test('PDF pages are rendered straight from the PDF; a page range picks pages', async () => {
    const pdf = await engine.convert({ input: fixtures.pptx, outputDir: path.join(dir, 'out-pages-pdf'), format: 'pdf' });
    const jobsBefore = engine.stats().jobs;
    const pages = await poppler.renderPages(pdf, path.join(dir, 'out-pages'), { format: 'jpg', firstPage: 2, lastPage: 2, resolution: 48 });
    assert.deepEqual(
      pages.map((p) => p.page),
      [2],
    );
    assert.equal(readFileSync(pages[0]!.file).subarray(0, 3).toString('hex'), 'ffd8ff');
    assert.equal(engine.stats().jobs, jobsBefore, 'LibreOffice was not needed');
    await expectToolError(poppler.renderPages(pdf, path.join(dir, 'out-pages-5'), { format: 'png', firstPage: 5, resolution: 96 }), 'validation_failed', 400);
  });

  test('docx → txt is UTF-8 without a byte-order mark', async () => {
    const txt = await engine.convert({ input: fixtures.docx, outputDir: path.join(dir, 'out-docx-txt'), format: 'txt' });
    const bytes = readFileSync(txt);
    assert.notEqual(bytes.subarray(0, 3).toString('hex'), 'efbbbf');
    const text = bytes.toString('utf8');
    assert.match(text, /^Quarterly report\n/);
    assert.match(text, /café, naïve, 東京/);
  });

  test('pdf → docx goes through the Writer PDF import', async () => {
    const pdf = await engine.convert({ input: fixtures.docx, outputDir: path.join(dir, 'out-pdf-src'), format: 'pdf' });
    const docx = await engine.convert({ input: pdf, outputDir: path.join(dir, 'out-pdf-docx'), format: 'docx' });
    assert.match(zipEntry(docx, 'word/document.xml'), /Quarterly report/);
  });

  test('many conversions at once on two instances all succeed', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => engine.convert({ input: fixtures.docx, outputDir: path.join(dir, `out-many-${i}`), format: 'pdf' })),
    );
    for (const pdf of results) assert.match(pdfText(pdf), new RegExp(PARAGRAPH));
    assert.equal(engine.stats().queued, 0);
  });
});

describe('office engine: documents it cannot convert', () => {
  test('a damaged file → 422 unprocessable, and the instance keeps working', async () => {
    const broken = path.join(dir, 'broken.docx');
    writeFileSync(broken, Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(3000, 7)]));
    const error = await expectToolError(engine.convert({ input: broken, outputDir: path.join(dir, 'out-broken'), format: 'pdf' }), 'unprocessable', 422);
    assert.match(error.detail, /could not open the file/);
    assert.doesNotMatch(error.detail, /\/tmp\//, 'no server paths in the message');
    const pdf = await engine.convert({ input: fixtures.docx, outputDir: path.join(dir, 'out-after-broken'), format: 'pdf' });
    assert.match(pdfText(pdf), /Quarterly report/);
  });

  test('a password-protected document → 422 that says so', async () => {
    const work = path.join(dir, 'encrypted');
    mkdirSync(path.join(work, 'META-INF'), { recursive: true });
    writeFileSync(path.join(work, 'mimetype'), 'application/vnd.oasis.opendocument.text');
    writeFileSync(
      path.join(work, 'META-INF', 'manifest.xml'),
      `<?xml version="1.0" encoding="UTF-8"?>
<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">
 <manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.text"/>
 <manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml" manifest:size="1200">
  <manifest:encryption-data manifest:checksum-type="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0#sha256-1k" manifest:checksum="AAAA">
   <manifest:algorithm manifest:algorithm-name="http://www.w3.org/2001/04/xmlenc#aes256-cbc" manifest:initialisation-vector="AAAAAAAAAAAAAAAAAAAAAA=="/>
   <manifest:start-key-generation manifest:start-key-generation-name="http://www.w3.org/2000/09/xmldsig#sha256" manifest:key-size="32"/>
   <manifest:key-derivation manifest:key-derivation-name="PBKDF2" manifest:key-size="32" manifest:iteration-count="100000" manifest:salt="AAAAAAAAAAAAAAAAAAAAAA=="/>
  </manifest:encryption-data>
 </manifest:file-entry>
</manifest:manifest>`,
    );
    writeFileSync(path.join(work, 'content.xml'), Buffer.alloc(1200, 0x5a));
    const odt = path.join(dir, 'locked.odt');
    execFileSync('zip', ['-q', '-X', '-0', odt, 'mimetype'], { cwd: work });
    execFileSync('zip', ['-q', '-X', odt, 'META-INF/manifest.xml', 'content.xml'], { cwd: work });
    const error = await expectToolError(engine.convert({ input: odt, outputDir: path.join(dir, 'out-locked'), format: 'pdf' }), 'unprocessable', 422);
    assert.equal(error.detail, 'file: the document is password-protected; remove the password and try again');
  });

  test('a target the document family has no filter for → 422 listing what is possible', async () => {
    const error = await expectToolError(engine.convert({ input: fixtures.docx, outputDir: path.join(dir, 'out-xlsx'), format: 'xlsx' }), 'unprocessable', 422);
    assert.match(error.detail, /^format: a text document cannot be converted to xlsx \(possible: .*docx.*pdf/);
  });

  test('an unknown explicit filter → 422 naming the filter', async () => {
    const error = await expectToolError(
      engine.convert({ input: fixtures.docx, outputDir: path.join(dir, 'out-badfilter'), format: 'pdf', filter: 'no_such_filter_Export' }),
      'unprocessable',
      422,
    );
    assert.match(error.detail, /no_such_filter_Export/);
  });

  test('bad arguments → 400', async () => {
    await expectToolError(engine.convert({ input: fixtures.docx, outputDir: dir, format: '../pdf' }), 'validation_failed', 400);
    await expectToolError(engine.convert({ input: path.join(dir, 'missing.docx'), outputDir: dir, format: 'pdf' }), 'invalid_request', 400);
    await expectToolError(engine.convert({ input: fixtures.docx, outputDir: dir, format: 'pdf', filterOptions: 'UTF8' }), 'validation_failed', 400);
    await expectToolError(engine.convert({ input: fixtures.docx, outputDir: dir, format: 'pdf', filterOptions: { PageRange: [1] } }), 'validation_failed', 400);
  });
});

describe("office engine: a document cannot reach the network or the server's files", () => {
  test('remote images are not fetched; local file images are not embedded; inline data images are', async () => {
    const hits: string[] = [];
    const server = createServer((req, res) => {
      hits.push(req.url ?? '');
      res.end();
    }).listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as { port: number };
    try {
      const icon = '/usr/share/icons/hicolor/48x48/apps/libreoffice-main.png'; // shipped by libreoffice-common
      const logo = readFileSync(icon);
      const cases = {
        remote: `<img src="http://127.0.0.1:${port}/tracker.png">`,
        local: `<img src="file://${icon}">`,
        inline: `<img src="data:image/png;base64,${logo.toString('base64')}">`,
      };
      const images: Record<string, number> = {};
      for (const [name, img] of Object.entries(cases)) {
        const html = path.join(dir, `${name}-image.html`);
        writeFileSync(html, `<html><body><p>Image test ${name}</p>${img}</body></html>`);
        const pdf = await engine.convert({ input: html, outputDir: path.join(dir, 'out-images'), format: 'pdf' });
        images[name] = execFileSync('pdfimages', ['-list', pdf], { encoding: 'utf8' }).trim().split('\n').length - 2;
      }
      assert.deepEqual(hits, [], 'LibreOffice made an HTTP request');
      assert.equal(images.remote, 0);
      assert.equal(images.local, 0, 'a file:// image from the server was embedded');
      assert.ok((images.inline ?? 0) >= 1, 'inline images still work');
    } finally {
      server.close();
    }
  });
});
