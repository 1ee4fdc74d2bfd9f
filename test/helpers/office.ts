import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ToolError, type ErrorCode } from '../../src/core/errors.ts';
import type { OfficeEngine } from '../../src/engines/office/index.ts';

/** Real LibreOffice, real files: fixtures are written as text/HTML/CSV/flat ODF and converted by the engine itself. */

export interface CapturedLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
  lines: Array<{ level: string; msg: string; obj: object }>;
}

export function captureLog(): CapturedLog {
  const lines: CapturedLog['lines'] = [];
  const at = (level: string) => (obj: object, msg?: string) => void lines.push({ level, msg: msg ?? '', obj });
  return { info: at('info'), warn: at('warn'), error: at('error'), lines };
}

export function scratch(prefix = 'office-test-'): string {
  return mkdtempSync(path.join(tmpdir(), prefix));
}

export const PARAGRAPH = 'The quick brown fox jumps over the lazy dog';

export function writeHtml(dir: string, name = 'letter.html'): string {
  const file = path.join(dir, name);
  writeFileSync(
    file,
    `<!doctype html><html><head><meta charset="utf-8"><title>Letter</title></head><body>
<h1>Quarterly report</h1><p>${PARAGRAPH}.</p><p>Ünïcödé: café, naïve, 東京</p>
<table border="1"><tr><th>Item</th><th>Qty</th></tr><tr><td>Widgets</td><td>42</td></tr></table></body></html>`,
  );
  return file;
}

export function writeCsv(dir: string, name = 'sales.csv'): string {
  const file = path.join(dir, name);
  writeFileSync(file, 'region,units,price\nNorth,12,3.5\nSouth,7,4.25\n"East, Coast",30,1\n');
  return file;
}

/** A two-slide presentation as flat ODF XML (LibreOffice reads it natively). */
export function writeSlides(dir: string, name = 'deck.fodp'): string {
  const file = path.join(dir, name);
  const slide = (n: number, text: string): string =>
    `<draw:page draw:name="Slide${n}" draw:master-page-name="Default"><draw:frame svg:x="2cm" svg:y="2cm" svg:width="24cm" svg:height="3cm"><draw:text-box><text:p>${text}</text:p></draw:text-box></draw:frame></draw:page>`;
  writeFileSync(
    file,
    `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" office:version="1.2" office:mimetype="application/vnd.oasis.opendocument.presentation">
<office:automatic-styles><style:page-layout style:name="PM1"><style:page-layout-properties fo:page-width="28cm" fo:page-height="15.75cm" fo:margin-top="0cm" fo:margin-bottom="0cm" fo:margin-left="0cm" fo:margin-right="0cm"/></style:page-layout></office:automatic-styles>
<office:master-styles><style:master-page style:name="Default" style:page-layout-name="PM1"/></office:master-styles>
<office:body><office:presentation>${slide(1, 'Roadmap slide one')}${slide(2, 'Budget slide two')}</office:presentation></office:body></office:document>`,
  );
  return file;
}

/** A spreadsheet whose PDF export takes LibreOffice several seconds: long enough to kill or time out. */
export function writeLargeCsv(dir: string, name = 'large.csv', rows = 30_000): string {
  const file = path.join(dir, name);
  writeFileSync(file, Array.from({ length: rows }, (_, i) => `${i},name ${i},${i * 1.5},${'x'.repeat(24)}`).join('\n'));
  return file;
}

export function pdfText(file: string): string {
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

export function pdfPages(file: string): number {
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  return Number(/Pages:\s+(\d+)/.exec(info)?.[1] ?? 0);
}

export function zipEntry(file: string, entry: string): string {
  return execFileSync('unzip', ['-p', file, entry], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

export function isPng(file: string): { width: number; height: number } {
  const bytes = readFileSync(file);
  assert.equal(bytes.subarray(0, 8).toString('hex'), '89504e470d0a1a0a', `${file} is not a PNG`);
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** True while the process exists and is not a zombie. */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

export async function waitFor(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Asserts a ToolError with this code (and HTTP status), returning it for further checks. */
export async function expectToolError(promise: Promise<unknown>, code: ErrorCode, status: number): Promise<ToolError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof ToolError, `expected a ToolError, got ${String((error as Error)?.stack ?? error)}`);
    assert.equal(error.code, code, `expected ${code}, got ${error.code}: ${error.detail}`);
    assert.equal(error.status, status);
    return error;
  }
  assert.fail(`expected ${code}, but the promise resolved`);
}

/** Converts fixtures into the office formats the tests start from. */
export async function officeFixtures(engine: OfficeEngine, dir: string): Promise<{ docx: string; odt: string; xlsx: string; pptx: string }> {
  mkdirSync(dir, { recursive: true });
  const html = writeHtml(dir);
  const csv = writeCsv(dir);
  const slides = writeSlides(dir);
  const [docx, odt, xlsx, pptx] = await Promise.all([
    engine.convert({ input: html, outputDir: path.join(dir, 'docx'), format: 'docx' }),
    engine.convert({ input: html, outputDir: path.join(dir, 'odt'), format: 'odt' }),
    engine.convert({ input: csv, outputDir: path.join(dir, 'xlsx'), format: 'xlsx' }),
    engine.convert({ input: slides, outputDir: path.join(dir, 'pptx'), format: 'pptx' }),
  ]);
  return { docx, odt, xlsx, pptx };
}
