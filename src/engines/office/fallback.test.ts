import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createOfficeEngine, type OfficeEngine } from './index.ts';
import {
  captureLog,
  expectToolError,
  officeFixtures,
  PARAGRAPH,
  pdfPages,
  pdfText,
  pidAlive,
  scratch,
  waitFor,
  writeHtml,
  writeLargeCsv,
  zipEntry,
} from '../../../test/helpers/office.ts';

let dir: string;

before(() => {
  dir = scratch();
});

after(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** soffice.bin processes whose profile lives under `root` (the cold path has no instance list). */
function officeProcessesUnder(root: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (cmdline.includes('soffice') && cmdline.includes(root) && pidAlive(Number(entry))) pids.push(Number(entry));
    } catch {
      /* gone */
    }
  }
  return pids;
}

describe('office engine: cold fallback (one soffice --convert-to per job)', () => {
  let engine: OfficeEngine;
  let fixtures: { docx: string; odt: string; xlsx: string; pptx: string };
  const root = () => path.join(dir, 'cold');

  before(async () => {
    engine = createOfficeEngine({ workers: 2, mode: 'cold', log: captureLog(), tempDir: root() });
    await engine.whenReady();
    fixtures = await officeFixtures(engine, path.join(dir, 'cold-fixtures'));
  });
  after(() => engine?.close());

  test('reports mode cold', () => {
    assert.equal(engine.stats().mode, 'cold');
    assert.deepEqual(engine.instances(), []);
  });

  test('docx → pdf, odt → docx, xlsx → csv, pptx → pdf give the same content as the warm path', async () => {
    const pdf = await engine.convert({ input: fixtures.docx, outputDir: path.join(dir, 'cold-pdf'), format: 'pdf' });
    assert.match(pdfText(pdf), new RegExp(PARAGRAPH));
    const docx = await engine.convert({ input: fixtures.odt, outputDir: path.join(dir, 'cold-docx'), format: 'docx' });
    assert.match(zipEntry(docx, 'word/document.xml'), new RegExp(PARAGRAPH));
    const csv = await engine.convert({ input: fixtures.xlsx, outputDir: path.join(dir, 'cold-csv'), format: 'csv' });
    assert.equal(readFileSync(csv, 'utf8'), 'region,units,price\nNorth,12,3.5\nSouth,7,4.25\n"East, Coast",30,1\n');
    const slides = await engine.convert({ input: fixtures.pptx, outputDir: path.join(dir, 'cold-slides'), format: 'pdf', filterOptions: { PageRange: '2' } });
    assert.equal(pdfPages(slides), 1);
    assert.match(pdfText(slides), /Budget slide two/);
  });

  test('a damaged file → 422', async () => {
    const broken = path.join(dir, 'broken.xlsx');
    writeFileSync(broken, Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(3000, 7)]));
    await expectToolError(engine.convert({ input: broken, outputDir: path.join(dir, 'cold-broken'), format: 'pdf' }), 'unprocessable', 422);
  });

  test('the deadline kills the soffice process group → 503 timeout', async () => {
    const large = writeLargeCsv(dir);
    const started = Date.now();
    await expectToolError(engine.convert({ input: large, outputDir: path.join(dir, 'cold-deadline'), format: 'pdf', timeoutMs: 1500 }), 'timeout', 503);
    assert.ok(Date.now() - started < 3500);
    await waitFor(() => officeProcessesUnder(root()).length === 0, 5000, 'soffice to be killed');
  });
});

describe('office engine: choosing the mode', () => {
  test('a python3 without the uno module → the pool falls back to cold conversions', async (t) => {
    const which = spawnSync('sh', ['-c', 'for p in $(which -a python3); do $p -c "import uno" 2>/dev/null || { echo $p; break; }; done'], { encoding: 'utf8' });
    const python = which.stdout.trim();
    if (!python) return t.skip('every python3 here has uno');
    const log = captureLog();
    const engine = createOfficeEngine({ workers: 1, pythonPath: python, log, tempDir: path.join(dir, 'no-uno') });
    try {
      await engine.whenReady();
      assert.equal(engine.stats().mode, 'cold');
      assert.ok(log.lines.some((l) => l.level === 'error' && /falling back/.test(l.msg)));
      const html = writeHtml(dir, 'fallback.html');
      const pdf = await engine.convert({ input: html, outputDir: path.join(dir, 'no-uno-out'), format: 'pdf' });
      assert.match(pdfText(pdf), /Quarterly report/);
    } finally {
      await engine.close();
    }
  });

  test('no LibreOffice → available() is false and conversions answer 501 engine_unavailable', async () => {
    const engine = createOfficeEngine({ workers: 1, sofficePath: path.join(dir, 'nowhere', 'soffice'), log: captureLog(), tempDir: path.join(dir, 'none') });
    try {
      assert.equal(engine.available(), false);
      const html = writeHtml(dir, 'none.html');
      const error = await expectToolError(engine.convert({ input: html, outputDir: dir, format: 'pdf' }), 'engine_unavailable', 501);
      assert.match(error.detail, /LibreOffice/);
      await expectToolError(engine.convert({ input: html, outputDir: dir, format: 'png' }), 'engine_unavailable', 501);
    } finally {
      await engine.close();
    }
  });
});
