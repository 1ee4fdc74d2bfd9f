import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import yazl from 'yazl';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import {
  collect,
  convert,
  converted,
  convertOk,
  makeFixtures,
  officeText,
  pdfPageCount,
  pdfText,
  pngSize,
  supportedConversions,
  upload,
  WORDS,
  zipEntries,
  type Fixtures,
} from '../documents/fixtures.ts';

/**
 * The office module through real HTTP: every slug converts a real workbook, presentation or document and
 * the output is checked by content (cell values, slide text, page and image counts).
 */
let server: TestServer;
let fixtures: Fixtures;

const office = (slug: string): string => `/api/v1/office/${slug}`;

before(async () => {
  server = await startTestServer();
  fixtures = await makeFixtures(['xlsx', 'xls', 'ods', 'pptx', 'ppt', 'odp', 'odt'], server.service.engines.office!);
});
after(async () => {
  await server?.close();
  fixtures?.cleanup();
});

const SALES_CSV = 'Region,Units,Price,Shipped,Paid,Total\r\n"North, East",12,3.5,2024-01-15,TRUE,42\r\n"Süd ""Zone""",7,10.25,2024-02-29,FALSE,71.75\r\n';
const SALES_TSV =
  'Region\tUnits\tPrice\tShipped\tPaid\tTotal\r\nNorth, East\t12\t3.5\t2024-01-15\tTRUE\t42\r\nSüd "Zone"\t7\t10.25\t2024-02-29\tFALSE\t71.75\r\n';
const SALES_ROWS = [
  { Region: 'North, East', Units: 12, Price: 3.5, Shipped: '2024-01-15', Paid: true, Total: 42 },
  { Region: 'Süd "Zone"', Units: 7, Price: 10.25, Shipped: '2024-02-29', Paid: false, Total: 71.75 },
];
const COLUMNS = ['Region', 'Units', 'Price', 'Shipped', 'Paid', 'Total'];

function expectedJson(fileName: string): unknown {
  return {
    sheets: { Sales: SALES_ROWS, Notes: [{ Note: 'Confidential' }] },
    meta: {
      fileName,
      sheetNames: ['Sales', 'Notes'],
      sheets: [
        { name: 'Sales', index: 1, hidden: false, columns: COLUMNS, headerRow: 1, rowCount: 2, truncated: false },
        { name: 'Notes', index: 2, hidden: false, columns: ['Note'], headerRow: 1, rowCount: 1, truncated: false },
      ],
      truncated: false,
      maxCells: 250_000,
      formulasWithoutValue: 0,
    },
  };
}

async function json(
  route: string,
  content: Buffer,
  fileName: string,
  fields: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await upload(server, route, content, fileName, fields);
  assert.match(response.headers.get('content-type') ?? '', /application\/json/);
  const body = (await response.json()) as Record<string, unknown>;
  if (response.status === 200) converted.add(route);
  return { status: response.status, body };
}

describe('spreadsheets to JSON: a plain object, sheets by name, typed cells', () => {
  for (const kind of ['xlsx', 'xls', 'ods'] as const) {
    test(`${kind}-to-json: rows keyed by the header row; numbers, ISO dates, booleans and formula values typed`, async () => {
      const { status, body } = await json(office(`${kind}-to-json`), fixtures.bytes(kind), `book.${kind}`);
      assert.equal(status, 200, JSON.stringify(body));
      assert.deepEqual(body, expectedJson(`book.${kind}`));
    });
  }

  test('one sheet by name (any case) or by position; header=false gives arrays from column A', async () => {
    const byName = await json(office('xlsx-to-json'), fixtures.bytes('xlsx'), 'book.xlsx', { sheet: 'notes' });
    assert.deepEqual(byName.body.sheets, { Notes: [{ Note: 'Confidential' }] });
    const byIndex = await json(office('xlsx-to-json'), fixtures.bytes('xlsx'), 'book.xlsx', { sheet: '1', header: 'false' });
    assert.deepEqual(byIndex.body.sheets, {
      Sales: [
        ['Region', 'Units', 'Price', 'Shipped', 'Paid', 'Total'],
        ['North, East', 12, 3.5, '2024-01-15', true, 42],
        ['Süd "Zone"', 7, 10.25, '2024-02-29', false, 71.75],
      ],
    });
    assert.deepEqual((byIndex.body.meta as { sheets: Array<{ columns: string[]; headerRow: unknown }> }).sheets[0]?.columns, ['A', 'B', 'C', 'D', 'E', 'F']);
  });

  test('an unknown sheet → 400 naming the field and the sheets there are', async () => {
    const { status, body } = await json(office('ods-to-json'), fixtures.bytes('ods'), 'book.ods', { sheet: 'Forecast' });
    assert.equal(status, 400);
    assert.equal(body.detail, 'sheet: no sheet "Forecast"; this workbook has 1: "Sales", 2: "Notes".');
  });

  test('the cell cap: past 250,000 cells the rows stop and meta says so', async () => {
    const big = await workbook([['id', 'name', 'value', 'flag', 'note']], 60_000, (i) => [i, `name ${i}`, i / 4, i % 2 === 0, 'x']);
    const { status, body } = await json(office('xlsx-to-json'), big, 'big.xlsx');
    assert.equal(status, 200);
    const meta = body.meta as { truncated: boolean; sheets: Array<{ rowCount: number; truncated: boolean }> };
    assert.equal(meta.truncated, true);
    assert.equal(meta.sheets[0]?.truncated, true);
    assert.equal(meta.sheets[0]?.rowCount, 49_999, '250,000 cells: the header row and 49,999 rows of 5');
    const rows = (body.sheets as Record<string, Array<Record<string, unknown>>>).Data ?? [];
    assert.deepEqual(rows[1], { id: 1, name: 'name 1', value: 0.25, flag: false, note: 'x' });
  });

  test('a workbook that unpacks beyond 100 MB is refused before it is parsed (400 naming the cap)', async () => {
    const zip = new yazl.ZipFile();
    zip.addBuffer(
      Buffer.from(
        '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets><sheet name="A" sheetId="1" r:id="rId1" xmlns:r="r"/></sheets></workbook>',
      ),
      'xl/workbook.xml',
    );
    zip.addBuffer(Buffer.from('[Content_Types]'), '[Content_Types].xml');
    zip.addBuffer(Buffer.alloc(101 * 1024 * 1024, 0x20), 'xl/worksheets/sheet1.xml');
    zip.end();
    const bomb = Buffer.concat(await collect(zip.outputStream as AsyncIterable<Buffer>));
    const { status, body } = await json(office('xlsx-to-json'), bomb, 'bomb.xlsx');
    assert.ok(status === 400 || status === 415, JSON.stringify(body));
    if (status === 400) assert.match(String(body.detail), /more than 100 MB.*cap is 100 MB unpacked/);
  });
});

describe('spreadsheets to CSV and text', () => {
  for (const kind of ['xlsx', 'xls', 'ods'] as const) {
    test(`${kind}-to-csv: RFC 4180, the first sheet by default; the other sheets are named in warnings`, async () => {
      const { body, file } = await convertOk(server, office(`${kind}-to-csv`), fixtures.bytes(kind), `book.${kind}`);
      assert.equal(body.result.fileName, 'book.csv');
      assert.equal(body.result.mimeType, 'text/csv');
      assert.equal(file.toString('utf8'), SALES_CSV);
      assert.ok(
        body.warnings?.some((w) => w.includes('"Notes"')),
        JSON.stringify(body.warnings),
      );
    });

    test(`${kind}-to-txt: tab-separated`, async () => {
      const { file } = await convertOk(server, office(`${kind}-to-txt`), fixtures.bytes(kind), `book.${kind}`);
      assert.equal(file.toString('utf8'), SALES_TSV);
    });
  }

  test('sheet, delimiter and bom: the second sheet, semicolons, a UTF-8 byte-order mark', async () => {
    const { file } = await convertOk(server, office('xlsx-to-csv'), fixtures.bytes('xlsx'), 'book.xlsx', {
      sheet: 'Notes',
      delimiter: 'semicolon',
      bom: 'true',
    });
    assert.equal(file.toString('utf8'), '\uFEFFNote\r\nConfidential\r\n');
    const semicolons = await convertOk(server, office('xlsx-to-csv'), fixtures.bytes('xlsx'), 'book.xlsx', { delimiter: 'semicolon' });
    assert.equal(semicolons.file.toString('utf8').split('\r\n')[1], 'North, East;12;3.5;2024-01-15;TRUE;42');
    const byPosition = await convertOk(server, office('ods-to-txt'), fixtures.bytes('ods'), 'book.ods', { sheet: '2' });
    assert.equal(byPosition.file.toString('utf8'), 'Note\r\nConfidential\r\n');
  });

  test('bad options → 400 naming the field', async () => {
    const badSheet = await convert(server, office('xlsx-to-csv'), fixtures.bytes('xlsx'), 'book.xlsx', { sheet: '7' });
    assert.equal(badSheet.status, 400);
    assert.match(badSheet.body.detail ?? '', /^sheet: no sheet "7"/);
    const badDelimiter = await convert(server, office('xlsx-to-csv'), fixtures.bytes('xlsx'), 'book.xlsx', { delimiter: 'colon' });
    assert.equal(badDelimiter.status, 400);
    assert.match(badDelimiter.body.detail ?? '', /delimiter/);
  });
});

describe('spreadsheet formats and PDF', () => {
  test('xls-to-xlsx and ods-to-xlsx: real workbooks with the same cells (read back by xlsx-to-json)', async () => {
    for (const kind of ['xls', 'ods'] as const) {
      const { body, file } = await convertOk(server, office(`${kind}-to-xlsx`), fixtures.bytes(kind), `book.${kind}`);
      assert.equal(body.result.mimeType, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      const back = await json(office('xlsx-to-json'), file, 'book.xlsx');
      assert.deepEqual(back.body, expectedJson('book.xlsx'));
    }
  });

  test('xlsx-to-xls: a legacy workbook with the same cells (read back by xls-to-json)', async () => {
    const { body, file } = await convertOk(server, office('xlsx-to-xls'), fixtures.bytes('xlsx'), 'book.xlsx');
    assert.equal(body.result.fileName, 'book.xls');
    assert.equal(file.subarray(0, 8).toString('hex'), 'd0cf11e0a1b11ae1', 'an OLE2 compound file');
    const back = await json(office('xls-to-json'), file, 'book.xls');
    assert.deepEqual(back.body, expectedJson('book.xls'));
  });

  for (const kind of ['xlsx', 'xls', 'ods'] as const) {
    test(`${kind}-to-pdf: every sheet is printed`, async () => {
      const { file } = await convertOk(server, office(`${kind}-to-pdf`), fixtures.bytes(kind), `book.${kind}`);
      const text = pdfText(file);
      for (const word of ['Region', 'North, East', 'Süd "Zone"', '71.75', 'Confidential']) assert.ok(text.includes(word), `${word} in ${text}`);
    });
  }
});

describe('presentations', () => {
  const SLIDE_TEXT = ['Roadmap 2025', 'Launch the Zephyr product', 'Budget review'];

  for (const kind of ['pptx', 'ppt', 'odp'] as const) {
    test(`${kind}-to-pdf: one page per slide`, async () => {
      const { file } = await convertOk(server, office(`${kind}-to-pdf`), fixtures.bytes(kind), `deck.${kind}`);
      assert.equal(pdfPageCount(file), 2);
      const text = pdfText(file);
      for (const word of SLIDE_TEXT) assert.ok(text.includes(word), word);
    });

    test(`${kind}-to-txt: the text of each slide under its heading`, async () => {
      const { body, file } = await convertOk(server, office(`${kind}-to-txt`), fixtures.bytes(kind), `deck.${kind}`);
      assert.equal(body.result.fileName, 'deck.txt');
      const text = file.toString('utf8');
      assert.match(text, /^--- Slide 1 ---\n\nRoadmap 2025\n[\s\S]*Launch the Zephyr product\n\n--- Slide 2 ---\n\nBudget review\n$/, text);
    });

    test(`${kind}-to-html: one page, each slide under "Slide N"`, async () => {
      const { body, file } = await convertOk(server, office(`${kind}-to-html`), fixtures.bytes(kind), `deck.${kind}`);
      assert.equal(body.result.mimeType, 'text/html');
      const html = file.toString('utf8');
      assert.match(html, /<h1[^>]*>Slide 1<\/h1>[\s\S]*Roadmap 2025[\s\S]*Launch the Zephyr product[\s\S]*<h1[^>]*>Slide 2<\/h1>[\s\S]*Budget review/, html);
    });
  }

  test('ppt-to-pptx, pptx-to-ppt and odp-to-pptx keep every slide', async () => {
    const pptx = await convertOk(server, office('ppt-to-pptx'), fixtures.bytes('ppt'), 'deck.ppt');
    const slides = [...(await zipEntries(pptx.file)).keys()].filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n));
    assert.equal(slides.length, 2);
    const pptxText = await officeText(pptx.file);
    for (const word of SLIDE_TEXT) assert.ok(pptxText.includes(word), word);
    const fromOdp = await convertOk(server, office('odp-to-pptx'), fixtures.bytes('odp'), 'deck.odp');
    const odpText = await officeText(fromOdp.file);
    for (const word of SLIDE_TEXT) assert.ok(odpText.includes(word), word);
    const ppt = await convertOk(server, office('pptx-to-ppt'), fixtures.bytes('pptx'), 'deck.pptx');
    assert.equal(ppt.file.subarray(0, 8).toString('hex'), 'd0cf11e0a1b11ae1');
    const back = await convertOk(server, office('ppt-to-txt'), ppt.file, 'deck.ppt');
    for (const word of SLIDE_TEXT) assert.ok(back.file.toString('utf8').includes(word), word);
  });

  test('pptx-to-images: a ZIP with one PNG per slide, in order, at 96 dpi', async () => {
    const { body, file } = await convertOk(server, office('pptx-to-images'), fixtures.bytes('pptx'), 'deck.pptx');
    assert.equal(body.result.fileName, 'deck.zip');
    assert.equal(body.result.mimeType, 'application/zip');
    const entries = await zipEntries(file);
    assert.deepEqual([...entries.keys()], ['slide-001.png', 'slide-002.png']);
    // The slide size in points (the PDF page), at 96 dpi: 28 × 15.75 cm → 1059 × 596 pixels.
    const pdf = await convertOk(server, office('pptx-to-pdf'), fixtures.bytes('pptx'), 'deck.pptx');
    const box = /\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(pdf.file.toString('latin1'));
    assert.ok(box, 'the PDF page size');
    const expected = { width: Math.ceil((Number(box[1]) * 96) / 72), height: Math.ceil((Number(box[2]) * 96) / 72) };
    for (const png of entries.values()) assert.deepEqual(pngSize(png), expected);
    // The two slides differ (the first has two lines of text).
    assert.notDeepEqual(entries.get('slide-001.png'), entries.get('slide-002.png'));
  });
});

describe('OpenDocument text', () => {
  test('odt-to-pdf, odt-to-docx, odt-to-txt and odt-to-html carry the text', async () => {
    const pdf = await convertOk(server, office('odt-to-pdf'), fixtures.bytes('odt'), 'doc.odt');
    const words = [WORDS.heading, WORDS.body, WORDS.accents, WORDS.cell];
    const has = (text: string): void => {
      const flat = text.replace(/\s+/g, ' ');
      for (const word of words) assert.ok(flat.includes(word), `${word} in ${flat.slice(0, 400)}`);
    };
    has(pdfText(pdf.file));
    const docx = await convertOk(server, office('odt-to-docx'), fixtures.bytes('odt'), 'doc.odt');
    has(await officeText(docx.file));
    const txt = await convertOk(server, office('odt-to-txt'), fixtures.bytes('odt'), 'doc.odt');
    has(txt.file.toString('utf8'));
    const html = await convertOk(server, office('odt-to-html'), fixtures.bytes('odt'), 'doc.odt');
    has(html.file.toString('utf8').replace(/<[^>]+>/g, ' '));
  });
});

describe('bad input', () => {
  test('the wrong format → 415 naming what was expected; a damaged workbook → 4xx', async () => {
    const wrong = await upload(server, office('xlsx-to-json'), fixtures.bytes('pptx'), 'book.xlsx');
    assert.equal(wrong.status, 415);
    assert.match(
      ((await wrong.json()) as { detail: string }).detail,
      /^file: expected Excel workbook \(XLSX\); it looks like PowerPoint presentation \(PPTX\)\.$/,
    );
    const damaged = await upload(server, office('xlsx-to-csv'), fixtures.bytes('xlsx').subarray(0, 2000), 'book.xlsx');
    assert.ok([400, 415, 422].includes(damaged.status), String(damaged.status));
    // LibreOffice would read a damaged .xls as plain text and "convert" its bytes; the import filter stops that.
    for (const slug of ['xls-to-csv', 'xls-to-json', 'xls-to-pdf']) {
      const damagedXls = await upload(server, office(slug), fixtures.bytes('xls').subarray(0, 1500), 'book.xls');
      assert.equal(damagedXls.status, 422, slug);
      assert.match(((await damagedXls.json()) as { detail: string }).detail, /^file: /);
    }
    const damagedPpt = await upload(server, office('ppt-to-pdf'), fixtures.bytes('ppt').subarray(0, 1500), 'deck.ppt');
    assert.equal(damagedPpt.status, 422);
  });

  test('no scratch files are left behind', () => {
    assert.deepEqual(readdirSync(path.join(server.dataDir, 'scratch')), []);
  });
});

describe('properties (fast-check)', () => {
  test('random bytes behind a real magic number never give a 5xx, only a 4xx naming the file', async () => {
    const magic = fc.constantFrom(
      Buffer.from('504b0304', 'hex'),
      Buffer.from('d0cf11e0a1b11ae1', 'hex'),
      Buffer.alloc(0),
      fixtures.bytes('xlsx').subarray(0, 300),
    );
    const slugs = fc.constantFrom('xlsx-to-json', 'xlsx-to-csv', 'xls-to-txt', 'ods-to-json', 'pptx-to-images', 'ppt-to-pdf');
    await fc.assert(
      fc.asyncProperty(magic, fc.uint8Array({ minLength: 1, maxLength: 4096 }), slugs, async (head, tail, slug) => {
        const response = await upload(server, office(slug), Buffer.concat([head, Buffer.from(tail)]), 'random.bin');
        const text = await response.text();
        assert.ok(response.status >= 400 && response.status < 500, `${slug}: ${response.status} ${text}`);
        const body = JSON.parse(text) as { detail: string };
        assert.match(body.detail, /^(file|sheet): /);
      }),
      { numRuns: 25 },
    );
  });

  test('xlsx → xls → xlsx keeps every cell value and formula (written and read by exceljs, converted by LibreOffice; accepted loss: CJK text comes back as rich text in a fallback font, the same text)', async () => {
    const { default: ExcelJS } = await import('exceljs');
    const cell = fc.oneof(
      fc.stringMatching(/^[A-Za-z0-9 éü日本,.-]{1,12}$/).filter((t) => t.trim() === t && !/^[-\d.,\s]+$/.test(t)),
      fc.integer({ min: -1_000_000, max: 1_000_000 }),
      fc.double({ min: -1e6, max: 1e6, noNaN: true }).map((n) => Math.round(n * 1000) / 1000 || 0),
    ); // a spreadsheet has no -0
    const table = fc.array(fc.array(cell, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 5 });
    await fc.assert(
      fc.asyncProperty(table, async (rows) => {
        const book = new ExcelJS.Workbook();
        const sheet = book.addWorksheet('Data');
        rows.forEach((values) => sheet.addRow(values));
        const formulaRow = rows.length + 2;
        sheet.getCell(`A${formulaRow}`).value = { formula: `LEN("${rows.length}")&"x"`, result: `${String(rows.length).length}x` };
        const xlsx = Buffer.from(await book.xlsx.writeBuffer());
        const xls = await convertOk(server, office('xlsx-to-xls'), xlsx, 'table.xlsx');
        const back = await convertOk(server, office('xls-to-xlsx'), xls.file, 'table.xls');
        const read = new ExcelJS.Workbook();
        await read.xlsx.load(back.file as unknown as ArrayBuffer);
        const data = read.getWorksheet('Data')!;
        // Text that needs a fallback font (CJK) comes back as rich text runs with that font: the text is what must match.
        const plain = (value: unknown): unknown =>
          value && typeof value === 'object' && 'richText' in value
            ? (value as { richText: { text: string }[] }).richText.map((run) => run.text).join('')
            : value;
        rows.forEach((values, r) =>
          values.forEach((value, c) => assert.deepEqual(plain(data.getRow(r + 1).getCell(c + 1).value), value, `row ${r + 1}, column ${c + 1}`)),
        );
        const formula = data.getCell(`A${formulaRow}`).value as { formula?: string };
        assert.equal(formula.formula?.replace(/^=/, ''), `LEN("${rows.length}")&"x"`);
      }),
      { numRuns: 4 },
    );
  });

  test('random options on a real workbook: 200, or 400 naming the field', async () => {
    const sheet = fc.oneof(fc.constant(undefined), fc.string({ maxLength: 12 }), fc.integer({ min: -2, max: 4 }).map(String));
    const delimiter = fc.oneof(fc.constant(undefined), fc.constantFrom('comma', 'semicolon', 'tab', 'pipe', 'colon', ''));
    const bom = fc.oneof(fc.constant(undefined), fc.constantFrom('true', 'false', 'yes'));
    await fc.assert(
      fc.asyncProperty(sheet, delimiter, bom, async (s, d, b) => {
        const fields: Record<string, string> = {};
        if (s !== undefined) fields.sheet = s;
        if (d !== undefined) fields.delimiter = d;
        if (b !== undefined) fields.bom = b;
        const outcome = await convert(server, office('xlsx-to-csv'), fixtures.bytes('xlsx'), 'book.xlsx', fields);
        if (outcome.status === 200) {
          assert.ok(outcome.file.length > 0);
          return;
        }
        assert.equal(outcome.status, 400, JSON.stringify(outcome.body));
        assert.match(outcome.body.detail ?? '', /^(sheet|delimiter|bom)/);
      }),
      { numRuns: 40 },
    );
  });
});

describe('supported-conversions lists exactly the conversions that answer', () => {
  const CATALOG = [
    'xls-to-xlsx',
    'xls-to-csv',
    'xls-to-txt',
    'xls-to-json',
    'xlsx-to-xls',
    'xlsx-to-csv',
    'xlsx-to-txt',
    'xlsx-to-json',
    'ppt-to-pptx',
    'ppt-to-txt',
    'ppt-to-html',
    'pptx-to-ppt',
    'pptx-to-txt',
    'pptx-to-html',
    'xlsx-to-pdf',
    'xls-to-pdf',
    'ppt-to-pdf',
    'pptx-to-pdf',
    'pptx-to-images',
    'odt-to-pdf',
    'odt-to-docx',
    'odt-to-txt',
    'odt-to-html',
    'ods-to-pdf',
    'ods-to-xlsx',
    'ods-to-csv',
    'ods-to-txt',
    'ods-to-json',
    'odp-to-pdf',
    'odp-to-pptx',
    'odp-to-txt',
    'odp-to-html',
  ];
  const WITHOUT_OFFICE = ['xlsx-to-csv', 'xlsx-to-txt', 'xlsx-to-json'];

  test('all 32 catalog slugs are listed, and every listed slug converted a real file above', async () => {
    const list = await supportedConversions(server, 'office');
    assert.deepEqual(list.conversions.map((c) => c.slug).sort(), [...CATALOG].sort());
    assert.equal(list.count, 32);
    for (const conversion of list.conversions) assert.ok(converted.has(conversion.path), `${conversion.slug} was not converted by a test`);
    const json = list.conversions.find((c) => c.slug === 'xls-to-json');
    assert.deepEqual(json && { from: json.from, to: json.to }, { from: ['xls'], to: 'json' });
  });

  describe('with LibreOffice disabled (TOOLAPI_OFFICE_WORKERS=0)', () => {
    let bare: TestServer;
    before(async () => {
      bare = await startTestServer({ TOOLAPI_OFFICE_WORKERS: '0' });
    });
    after(async () => {
      await bare.close();
    });

    test('only the .xlsx readers stay listed; the rest answer 501 engine_unavailable', async () => {
      const list = await supportedConversions(bare, 'office');
      assert.deepEqual(list.conversions.map((c) => c.slug).sort(), [...WITHOUT_OFFICE].sort());
      assert.deepEqual(list.unavailable.map((u) => u.slug).sort(), CATALOG.filter((s) => !WITHOUT_OFFICE.includes(s)).sort());
      for (const [slug, kind] of [
        ['xls-to-json', 'xls'],
        ['pptx-to-images', 'pptx'],
        ['ods-to-csv', 'ods'],
        ['odt-to-pdf', 'odt'],
      ] as const) {
        const response = await upload(bare, office(slug), fixtures.bytes(kind), `x.${kind}`);
        assert.equal(response.status, 501, slug);
        assert.equal(((await response.json()) as { error: string }).error, 'engine_unavailable');
      }
      const csv = await convertOk(bare, office('xlsx-to-csv'), fixtures.bytes('xlsx'), 'book.xlsx');
      assert.equal(csv.file.toString('utf8'), SALES_CSV);
      const response = await upload(bare, office('xlsx-to-json'), fixtures.bytes('xlsx'), 'book.xlsx');
      assert.deepEqual(await response.json(), expectedJson('book.xlsx'));
    });
  });
});

/** An .xlsx written by exceljs's streaming writer: header rows, then `rows` generated rows. */
async function workbook(head: unknown[][], rows: number, make: (i: number) => unknown[]): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const { PassThrough } = await import('node:stream');
  const sink = new PassThrough();
  const chunks: Buffer[] = [];
  sink.on('data', (chunk: Buffer) => chunks.push(chunk));
  const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useSharedStrings: true });
  const sheet = writer.addWorksheet('Data');
  for (const values of head) sheet.addRow(values).commit();
  for (let i = 0; i < rows; i++) sheet.addRow(make(i)).commit();
  await writer.commit();
  return Buffer.concat(chunks);
}
