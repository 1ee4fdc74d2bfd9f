import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { commandExists } from '../../src/engines/process/runner.ts';
import extractTool from '../../src/tools/extract/extract.ts';
import fileInsights from '../../src/tools/ai-models/file-insights.ts';
import atsGapFile from '../../src/tools/text-intelligence/ats-gap-file.ts';
import expenseCategorizerFile from '../../src/tools/text-intelligence/expense-categorizer-file.ts';
import piiScrubFile from '../../src/tools/text-intelligence/pii-scrub-file.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { docxBomb, pdf, xlsx } from './fixtures.ts';

/**
 * POST /api/v1/extract and the -file tools through real HTTP: documents of every format are made in the
 * test (by hand, or with pandoc/Calibre/LibreOffice where those are installed) and their text checked.
 */
const HAS = {
  pandoc: commandExists('pandoc'),
  pdftotext: commandExists('pdftotext'),
  calibre: commandExists('ebook-convert'),
  soffice: commandExists('soffice'),
};
let server: TestServer;
let work: string;
const docs: Record<string, Buffer> = {};

const MARKDOWN = `---
title: Quarterly Report
author: Jane Analyst
lang: en-GB
---

# Summary

Revenue grew **12 %** in Q1.

- first point
- second point

| Region | Sales |
|--------|-------|
| North  | 100   |

# Outlook

Contact jane.doe@example.com for details.
`;

const REPORT_TEXT = 'Quarterly Report\nRevenue grew 12 % in Q1.\n\nOutlook\nContact jane.doe@example.com or call +1 415-555-2671.';
const REPORT_PDF = pdf(
  [
    ['Quarterly Report', 'Revenue grew 12 % in Q1.'],
    ['Outlook', 'Contact jane.doe@example.com or call +1 415-555-2671.'],
  ],
  { title: 'Quarterly Report', author: 'Jane Analyst' },
);

before(async () => {
  server = await startTestServer();
  work = mkdtempSync(path.join(tmpdir(), 'extract-test-'));
  writeFileSync(path.join(work, 'doc.md'), MARKDOWN);
  docs.pdf = REPORT_PDF;
  docs.xlsx = await xlsx();
  if (HAS.pandoc) {
    for (const ext of ['docx', 'odt', 'pptx', 'epub', 'html', 'rtf']) {
      execFileSync('pandoc', ['-s', 'doc.md', '-o', `doc.${ext}`], { cwd: work, stdio: 'ignore' });
      docs[ext] = readFileSync(path.join(work, `doc.${ext}`));
    }
  }
  if (HAS.calibre && HAS.pandoc) {
    for (const ext of ['fb2', 'mobi']) {
      execFileSync('ebook-convert', ['doc.epub', `doc.${ext}`], { cwd: work, stdio: 'ignore', env: { ...process.env, HOME: work } });
      docs[ext] = readFileSync(path.join(work, `doc.${ext}`));
    }
  }
});
after(async () => {
  await server.close();
  rmSync(work, { recursive: true, force: true });
});

interface Body {
  status: unknown;
  code?: number;
  error?: string;
  detail?: string;
  message?: string;
  result?: Record<string, unknown>;
  warnings?: string[];
}

async function extractJson(body: unknown): Promise<{ status: number; body: Body }> {
  const response = await server.post('/api/v1/extract', body);
  return { status: response.status, body: (await response.json()) as Body };
}

async function uploadTo(
  route: string,
  content: Buffer,
  fileName: string,
  fields: Record<string, string> = {},
  field = 'file',
): Promise<{ status: number; body: Body }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append(field, new Blob([content]), fileName);
  const response = await fetch(server.url + route, { method: 'POST', headers: { 'x-api-key': server.key }, body: form });
  return { status: response.status, body: (await response.json()) as Body };
}

function scratch(): string[] {
  try {
    return readdirSync(path.join(server.dataDir, 'scratch'));
  } catch {
    return [];
  }
}

test('the engines these tests need are installed (scripts/system-packages.txt; the bootstrap installs them)', () => {
  assert.deepEqual(
    Object.entries(HAS)
      .filter(([, present]) => !present)
      .map(([name]) => name),
    [],
  );
});

describe('POST /api/v1/extract with base64 content', () => {
  test('its examples answer exactly (JSON body; the examples test only runs upload examples of upload tools)', async () => {
    for (const example of extractTool.examples) {
      if (example.upload || !example.output) continue;
      const { status, body } = await extractJson(example.input);
      assert.equal(status, 200, JSON.stringify(body));
      assert.deepEqual(body.result, example.output, example.title);
      const nested = await extractJson({ inputs: example.input });
      assert.deepEqual(nested.body.result, example.output);
    }
  });

  test('PDF: text page by page, page count, title and author', async () => {
    const { status, body } = await extractJson({ content: REPORT_PDF.toString('base64'), fileName: 'report.pdf' });
    assert.equal(status, 200, JSON.stringify(body));
    const result = body.result!;
    assert.equal(result.kind, 'pdf');
    assert.equal(result.engine, 'pdftotext');
    assert.deepEqual(result.pages, [
      { index: 1, text: 'Quarterly Report\nRevenue grew 12 % in Q1.' },
      { index: 2, text: 'Outlook\nContact jane.doe@example.com or call +1 415-555-2671.' },
    ]);
    assert.equal(result.text, REPORT_TEXT);
    assert.equal(result.characters, REPORT_TEXT.length);
    assert.deepEqual(result.metadata, {
      title: 'Quarterly Report',
      author: 'Jane Analyst',
      language: null,
      pages: 2,
      sheets: null,
      slides: null,
      chapters: null,
    });
  });

  test('PDF without a text layer: empty text and a warning (no OCR)', async () => {
    const { status, body } = await extractJson({ content: pdf([[]]).toString('base64') });
    assert.equal(status, 200);
    assert.equal(body.result!.text, '');
    assert.match((body.warnings ?? []).join(' '), /no text layer/);
  });

  test('XLSX numbers read as a spreadsheet shows them: 15 significant digits, the same in extract and xlsx-to-txt', async () => {
    // Written by exceljs (another implementation): the stored doubles of 0.1+0.2, 1/3 and 2/3; Excel and
    // LibreOffice show them with 15 significant digits (Excel specifications and limits: number precision 15 digits).
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    book.addWorksheet('Numbers').addRow([0.1 + 0.2, 1 / 3, 2 / 3, 1234567.891, -0.000123]);
    const file = Buffer.from(await book.xlsx.writeBuffer());
    const expected = '0.3\t0.333333333333333\t0.666666666666667\t1234567.891\t-0.000123';
    const { status, body } = await extractJson({ content: file.toString('base64'), fileName: 'numbers.xlsx' });
    assert.equal(status, 200, JSON.stringify(body));
    assert.equal((body.result!.sheets as { text: string }[])[0]!.text, expected);
    const txt = await uploadTo('/api/v1/office/xlsx-to-txt', file, 'numbers.xlsx');
    assert.equal(txt.status, 200, JSON.stringify(txt.body));
    const download = await fetch((txt.body.result as { downloadUrl: string }).downloadUrl);
    assert.equal((await download.text()).trim(), expected);
  });

  test('XLSX: sheets by name, shared strings, dates as ISO, gaps kept', async () => {
    const { status, body } = await extractJson({ content: docs.xlsx!.toString('base64'), fileName: 'bank.xlsx' });
    assert.equal(status, 200, JSON.stringify(body));
    assert.deepEqual(body.result!.sheets, [
      { index: 1, name: 'Transactions', rows: 3, text: 'Date\tPayee\tAmount\n2024-04-03\tREWE Markt\t-54.2\n2024-04-04\tDeutsche Bahn\t-89.9' },
      { index: 2, name: 'Notes', rows: 1, text: '\tKeep the receipts' },
    ]);
    assert.equal((body.result!.metadata as { sheets: number }).sheets, 2);
  });

  for (const [ext, engine] of [
    ['docx', 'ooxml'],
    ['odt', 'odf'],
    ['html', 'html'],
    ['epub', 'epub'],
  ] as const) {
    test(`${ext.toUpperCase()}: paragraphs, lists and tables in order; title and author`, async () => {
      const { status, body } = await extractJson({ content: docs[ext]!.toString('base64') });
      assert.equal(status, 200, JSON.stringify(body));
      const result = body.result!;
      assert.equal(result.kind, ext);
      assert.equal(result.engine, engine);
      const text = String(result.text);
      assert.match(text, /Revenue grew 12 % in Q1\.\n\n- first point\n- second point\n\nRegion\s*\tSales\nNorth\s*\t100/);
      assert.ok(text.indexOf('Summary') < text.indexOf('Outlook'));
      const metadata = result.metadata as { title: string; author: string };
      assert.equal(metadata.title, 'Quarterly Report');
      assert.equal(metadata.author, 'Jane Analyst');
      if (ext === 'epub')
        assert.deepEqual(
          (result.chapters as { title: string }[]).map((c) => c.title),
          ['Quarterly Report', 'Summary', 'Outlook'],
        );
    });
  }

  test('PPTX: one entry per slide with its title', async () => {
    const { body } = await extractJson({ content: docs.pptx!.toString('base64') });
    const slides = body.result!.slides as { index: number; title: string; text: string }[];
    assert.deepEqual(
      slides.map((s) => s.title),
      ['Quarterly Report', 'Summary', 'Outlook'],
    );
    assert.match(slides[1]!.text, /Revenue grew 12 % in Q1\.\nfirst point\nsecond point\nRegion\tSales\nNorth\t100/);
    assert.equal((body.result!.metadata as { slides: number }).slides, 3);
  });

  test('RTF (LibreOffice, or pandoc without it), FB2 and MOBI', async () => {
    const rtf = await extractJson({ content: docs.rtf!.toString('base64') });
    assert.equal(rtf.status, 200, JSON.stringify(rtf.body));
    assert.match(String(rtf.body.result!.text), /Revenue grew 12 % in Q1\./);
    for (const ext of ['fb2', 'mobi'].filter((e) => docs[e])) {
      const { status, body } = await extractJson({ content: docs[ext]!.toString('base64') });
      assert.equal(status, 200, JSON.stringify(body));
      assert.equal(body.result!.kind, ext);
      assert.match(String(body.result!.text), /Contact jane\.doe@example\.com for details\./);
      assert.equal((body.result!.metadata as { title: string }).title, 'Quarterly Report');
    }
  });

  test('text in other encodings: UTF-16 with a BOM and Latin-1', async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Grüße aus Köln\n', 'utf16le')]);
    const a = await extractJson({ content: utf16.toString('base64') });
    assert.equal(a.body.result!.text, 'Grüße aus Köln');
    const latin1 = Buffer.from('Café crème à 3 €\n', 'latin1');
    const b = await extractJson({ content: latin1.toString('base64') });
    assert.equal(b.status, 200, JSON.stringify(b.body));
    assert.match(String(b.body.result!.text), /^Café crème à 3/);
  });

  test('maxCharacters cuts the text and the pages, and says so', async () => {
    const { body } = await extractJson({ content: REPORT_PDF.toString('base64'), maxCharacters: 20 });
    assert.equal(body.result!.truncated, true);
    assert.equal(body.result!.text, 'Quarterly Report\nRev');
    assert.deepEqual(body.result!.pages, [{ index: 1, text: 'Quarterly Report\nRev' }]);
    assert.equal(body.result!.characters, REPORT_TEXT.length);
  });

  test('a data: URL prefix and URL-safe base64 are accepted', async () => {
    const text = Buffer.from('ok?>>\n');
    const { body } = await extractJson({ content: `data:text/plain;base64,${text.toString('base64url')}` });
    assert.equal(body.result!.text, 'ok?>>');
  });
});

describe('extract: refusals name the field and leave nothing behind', () => {
  test('bad base64, missing content, content and a file together, empty content', async () => {
    for (const [body, detail] of [
      [{ content: 'not base64!!' }, /^content: is not valid base64/],
      [{}, /^content: is required/],
      [{ content: '' }, /^content: is empty/],
      [{ content: 12 }, /^content: /],
      [{ content: 'aGVsbG8=', maxCharacters: 0 }, /^maxCharacters: /],
    ] as const) {
      const answer = await extractJson(body);
      assert.equal(answer.status, 400, JSON.stringify(answer.body));
      assert.match(answer.body.detail ?? '', detail);
    }
    const both = await uploadTo('/api/v1/extract', Buffer.from('hello'), 'a.txt', { content: 'aGVsbG8=' });
    assert.equal(both.status, 400);
    assert.match(both.body.detail ?? '', /not both/);
  });

  test('an unsupported format is a 415 naming content', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
    const answer = await extractJson({ content: png.toString('base64') });
    assert.equal(answer.status, 415);
    assert.match(answer.body.detail ?? '', /^content: expected PDF document, .*; it looks like PNG image\.$/);
  });

  test('a document that is a ZIP bomb is a 400, and a damaged one too', async () => {
    const bomb = await docxBomb();
    const answer = await extractJson({ content: bomb.toString('base64') });
    assert.equal(answer.status, 400, JSON.stringify(answer.body));
    assert.match(answer.body.detail ?? '', /^content: the part "word\/document\.xml" of the Word document unpacks to 70 MB; at most 64 MB per part is read\.$/);
    const damaged = Buffer.from(docs.xlsx!.subarray(0, 200));
    const cut = await extractJson({ content: damaged.toString('base64') });
    assert.ok(cut.status === 400 || cut.status === 415, JSON.stringify(cut.body));
    assert.deepEqual(scratch(), []);
  });

  test('base64 over TOOLAPI_MAX_JSON_MB is a 413 (uploads take the large files)', async () => {
    const small = await startTestServer({ TOOLAPI_MAX_JSON_MB: '1' });
    try {
      const response = await small.post('/api/v1/extract', { content: Buffer.alloc(1024 * 1024, 0x61).toString('base64') });
      assert.equal(response.status, 413);
      const form = new FormData();
      form.append('file', new Blob([Buffer.alloc(1024 * 1024, 0x61)]), 'big.txt');
      const upload = await fetch(`${small.url}/api/v1/extract`, { method: 'POST', headers: { 'x-api-key': small.key }, body: form });
      assert.equal(upload.status, 200);
    } finally {
      await small.close();
    }
  });

  test('random bytes never give a 5xx', async () => {
    const seeds = Object.values(docs);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.uint8Array({ minLength: 1, maxLength: 2048 }).map((b) => Buffer.from(b)),
          fc.tuple(fc.constantFrom(...seeds), fc.nat(), fc.integer({ min: 0, max: 255 })).map(([seed, at, value]) => {
            const copy = Buffer.from(seed);
            copy[at % copy.length] = value;
            return copy;
          }),
        ),
        async (bytes) => {
          const answer = await extractJson({ content: bytes.toString('base64') });
          assert.ok(answer.status < 500, `${answer.status} ${JSON.stringify(answer.body)}`);
        },
      ),
      { numRuns: 60 },
    );
    assert.deepEqual(scratch(), []);
  });
});

describe('the -file variants read uploads through the same extraction', () => {
  test('pii-scrub-file: a PDF is scrubbed like pii-scrub, with its source', async () => {
    const { status, body } = await uploadTo(piiScrubFile.path, REPORT_PDF, 'report.pdf');
    assert.equal(status, 200, JSON.stringify(body));
    const result = body.result!;
    assert.equal(result.text, 'Quarterly Report\nRevenue grew 12 % in Q1.\n\nOutlook\nContact [EMAIL_1] or call [PHONE_1].');
    assert.equal(result.total, 2);
    assert.deepEqual(result.source, { fileName: 'report.pdf', kind: 'pdf', engine: 'pdftotext', characters: REPORT_TEXT.length, pages: 2 });
  });

  test('pii-scrub-file: a DOCX, types as a comma list', async () => {
    const { status, body } = await uploadTo(piiScrubFile.path, docs.docx!, 'report.docx', { types: 'email', placeholderStyle: 'redacted' });
    assert.equal(status, 200, JSON.stringify(body));
    assert.match(String(body.result!.text), /Contact \[REDACTED\] for details\./);
    assert.deepEqual(body.result!.counts, { email: 1 });
    assert.equal((body.result!.source as { kind: string }).kind, 'docx');
  });

  test('ats-gap-file: a PDF resume in field "resume"; the body is {status, result, warnings}', async () => {
    const lines = ['Sam Lee', 'sam@example.com', 'Experience', '- Built data pipelines in Python and SQL', 'Skills', 'Python, SQL, Docker'];
    const resume = pdf([lines]);
    const { status, body } = await uploadTo(atsGapFile.path, resume, 'cv.pdf', { jobDescription: 'Requirements:\n- Python\n- SQL\n- Kubernetes' }, 'resume');
    assert.equal(status, 200, JSON.stringify(body));
    assert.deepEqual(Object.keys(body).sort(), ['result', 'status', 'warnings']);
    assert.deepEqual(body.result!.matchedKeywords, ['Python', 'SQL']);
    assert.deepEqual(body.result!.missingKeywords, ['Kubernetes']);
    assert.deepEqual(body.result!.source, { fileName: 'cv.pdf', kind: 'pdf', engine: 'pdftotext', characters: lines.join('\n').length, pages: 1 });
    const missing = await uploadTo(atsGapFile.path, resume, 'cv.pdf');
    assert.equal(missing.status, 400);
    assert.match(missing.body.detail ?? '', /^jobDescription: is required/);
  });

  test('expense-categorizer-file: an XLSX export is read as CSV from its first sheet with data', async () => {
    const { status, body } = await uploadTo(expenseCategorizerFile.path, docs.xlsx!, 'bank.xlsx', { currency: 'EUR' });
    assert.equal(status, 200, JSON.stringify(body));
    const result = body.result as { format: string; expenses: { date: string; merchant: string; amount: string; category: string }[]; source: unknown };
    assert.equal(result.format, 'csv');
    assert.deepEqual(
      result.expenses.map((e) => [e.date, e.merchant, e.amount, e.category]),
      [
        ['2024-04-03', 'REWE Markt', '54.20', 'groceries'],
        ['2024-04-04', 'Deutsche Bahn', '89.90', 'travel'],
      ],
    );
    const sheetText = 'Date\tPayee\tAmount\n2024-04-03\tREWE Markt\t-54.2\n2024-04-04\tDeutsche Bahn\t-89.9\n\n\tKeep the receipts';
    assert.deepEqual(result.source, { fileName: 'bank.xlsx', kind: 'xlsx', engine: 'ooxml', characters: sheetText.length });
    const wrongSheet = await uploadTo(expenseCategorizerFile.path, docs.xlsx!, 'bank.xlsx', { sheet: 'Budget' });
    assert.equal(wrongSheet.status, 400);
    assert.match(wrongSheet.body.detail ?? '', /^sheet: no sheet named "Budget"; the workbook has "Transactions", "Notes"\.$/);
  });

  test('expense-categorizer-file: a PDF statement is read line by line', async () => {
    const statement = pdf([['2024-03-05 Starbucks latte $4.50', '2024-03-06 Shell fuel $52.10']]);
    const { status, body } = await uploadTo(expenseCategorizerFile.path, statement, 'statement.pdf');
    assert.equal(status, 200, JSON.stringify(body));
    assert.equal(body.result!.format, 'text');
    assert.deepEqual((body.result!.totalsByCurrency as unknown[])[0], { currency: 'USD', expenses: '56.60', credits: '0.00', net: '56.60', count: 2 });
  });

  test('file-insights: a DOCX, tasks comma-separated, 200 with local models', async () => {
    const { status, body } = await uploadTo(fileInsights.path, docs.docx!, 'report.docx', { tasks: 'summarize,keywords,language', maxKeywords: '3' });
    assert.equal(status, 200, JSON.stringify(body));
    const result = body.result as {
      mode: string;
      summary: { method: string; text: string };
      keywords: unknown[];
      language: { code: string };
      source: { kind: string };
      readability?: unknown;
    };
    assert.equal(result.mode, 'local');
    assert.equal(result.summary.method, 'extractive');
    assert.ok(result.summary.text.length > 0);
    assert.ok(result.keywords.length <= 3 && result.keywords.length > 0);
    assert.match(result.language.code, /^[a-z]{3}$/);
    assert.equal(result.readability, undefined);
    assert.equal(result.source.kind, 'docx');
    assert.equal((body.warnings ?? []).filter((w) => w.startsWith('Local mode')).length, 1, 'the local-mode note is said once');
  });

  test('refusals: no file, a scanned PDF, a text longer than the twin takes; file-insights truncates instead', async () => {
    const none = await server.post(piiScrubFile.path, {});
    assert.equal(none.status, 400);
    assert.match(((await none.json()) as Body).detail ?? '', /^file: is required/);
    const scan = await uploadTo(piiScrubFile.path, pdf([[]]), 'scan.pdf');
    assert.equal(scan.status, 400);
    assert.match(scan.body.detail ?? '', /^file: no text could be extracted from "scan\.pdf" \(a scanned PDF\? OCR is not performed\)\.$/);
    const long = Buffer.from('word '.repeat(25_000));
    const tooLong = await uploadTo(piiScrubFile.path, long, 'long.txt');
    assert.equal(tooLong.status, 400);
    assert.match(tooLong.body.detail ?? '', /^file: "long\.txt" holds more than 100,000 characters of text/);
    const insights = await uploadTo(fileInsights.path, long, 'long.txt', { tasks: 'language' });
    assert.equal(insights.status, 200);
    assert.match((insights.body.warnings ?? []).join(' '), /first 100,000 were analysed/);
    assert.deepEqual(scratch(), []);
  });
});
