import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import yauzl from 'yauzl';
import type { OfficeEngine } from '../../src/engines/office/index.ts';
import type { TestServer } from '../helpers/server.ts';

/**
 * Real files for the conversion tests: written here as text, HTML and flat ODF XML (what LibreOffice
 * reads natively), and turned into DOCX, DOC, ODT, RTF, PDF, XLSX, XLS, ODS, PPTX, PPT and ODP once per
 * test run by a private LibreOffice instance. Every fixture carries known words the tests look for in
 * the converted output.
 */

export const WORDS = {
  heading: 'Quarterly report',
  body: 'Revenue grew by twelve percent in the northern region',
  accents: 'Café crème, naïve façade',
  cell: 'Widgets',
};

const NS = {
  office: 'urn:oasis:names:tc:opendocument:xmlns:office:1.0',
  text: 'urn:oasis:names:tc:opendocument:xmlns:text:1.0',
  table: 'urn:oasis:names:tc:opendocument:xmlns:table:1.0',
  style: 'urn:oasis:names:tc:opendocument:xmlns:style:1.0',
  fo: 'urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0',
  draw: 'urn:oasis:names:tc:opendocument:xmlns:drawing:1.0',
  svg: 'urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0',
  presentation: 'urn:oasis:names:tc:opendocument:xmlns:presentation:1.0',
  number: 'urn:oasis:names:tc:opendocument:xmlns:datastyle:1.0',
  of: 'urn:oasis:names:tc:opendocument:xmlns:of:1.2',
};
const xmlns = Object.entries(NS)
  .map(([prefix, uri]) => `xmlns:${prefix}="${uri}"`)
  .join(' ');

/** A text document: a heading, two paragraphs and a table. */
export const FODT = `<?xml version="1.0" encoding="UTF-8"?>
<office:document ${xmlns} office:version="1.2" office:mimetype="application/vnd.oasis.opendocument.text">
<office:body><office:text>
<text:h text:outline-level="1">${WORDS.heading}</text:h>
<text:p>${WORDS.body}.</text:p>
<text:p>${WORDS.accents}</text:p>
<table:table table:name="Items"><table:table-column table:number-columns-repeated="2"/>
<table:table-row><table:table-cell office:value-type="string"><text:p>Item</text:p></table:table-cell><table:table-cell office:value-type="string"><text:p>Qty</text:p></table:table-cell></table:table-row>
<table:table-row><table:table-cell office:value-type="string"><text:p>${WORDS.cell}</text:p></table:table-cell><table:table-cell office:value-type="float" office:value="42"><text:p>42</text:p></table:table-cell></table:table-row>
</table:table>
</office:text></office:body></office:document>`;

/**
 * A workbook: "Sales" with text (a comma, quotes, accents), numbers, dates, booleans and formulas, and
 * "Notes" with one column.
 */
export const FODS = `<?xml version="1.0" encoding="UTF-8"?>
<office:document ${xmlns} office:version="1.2" office:mimetype="application/vnd.oasis.opendocument.spreadsheet">
<office:automatic-styles>
<number:date-style style:name="N1"><number:year number:style="long"/><number:text>-</number:text><number:month number:style="long"/><number:text>-</number:text><number:day number:style="long"/></number:date-style>
<number:boolean-style style:name="N2"><number:boolean/></number:boolean-style>
<style:style style:name="ce1" style:family="table-cell" style:data-style-name="N1"/>
<style:style style:name="ce2" style:family="table-cell" style:data-style-name="N2"/>
</office:automatic-styles>
<office:body><office:spreadsheet>
<table:table table:name="Sales">
${row(['s:Region', 's:Units', 's:Price', 's:Shipped', 's:Paid', 's:Total'])}
${row(['s:North, East', 'n:12', 'n:3.5', 'd:2024-01-15', 'b:true', 'f:of:=[.B2]*[.C2]:42'])}
${row(['s:Süd "Zone"', 'n:7', 'n:10.25', 'd:2024-02-29', 'b:false', 'f:of:=[.B3]*[.C3]:71.75'])}
</table:table>
<table:table table:name="Notes">
${row(['s:Note'])}
${row(['s:Confidential'])}
</table:table>
</office:spreadsheet></office:body></office:document>`;

function row(cells: string[]): string {
  const cell = (spec: string): string => {
    const [kind, ...rest] = spec.split(':');
    const value = rest.join(':');
    switch (kind) {
      case 's':
        return `<table:table-cell office:value-type="string"><text:p>${value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}</text:p></table:table-cell>`;
      case 'n':
        return `<table:table-cell office:value-type="float" office:value="${value}"/>`;
      case 'd':
        return `<table:table-cell table:style-name="ce1" office:value-type="date" office:date-value="${value}"/>`;
      case 'b':
        return `<table:table-cell table:style-name="ce2" office:value-type="boolean" office:boolean-value="${value}"/>`;
      default: {
        const result = value.slice(value.lastIndexOf(':') + 1);
        const formula = value.slice(0, value.lastIndexOf(':'));
        return `<table:table-cell table:formula="${formula}" office:value-type="float" office:value="${result}"/>`;
      }
    }
  };
  return `<table:table-row>${cells.map(cell).join('')}</table:table-row>`;
}

/** A 16:9 presentation of two slides (LibreOffice draws the page at 28 × 15.75 cm). */
export const FODP = `<?xml version="1.0" encoding="UTF-8"?>
<office:document ${xmlns} office:version="1.2" office:mimetype="application/vnd.oasis.opendocument.presentation">
<office:automatic-styles><style:page-layout style:name="PM1"><style:page-layout-properties fo:page-width="33.867cm" fo:page-height="19.05cm" fo:margin-top="0cm" fo:margin-bottom="0cm" fo:margin-left="0cm" fo:margin-right="0cm"/></style:page-layout></office:automatic-styles>
<office:master-styles><style:master-page style:name="Default" style:page-layout-name="PM1"/></office:master-styles>
<office:body><office:presentation>
<draw:page draw:name="Slide1" draw:master-page-name="Default"><draw:frame svg:x="2cm" svg:y="2cm" svg:width="28cm" svg:height="3cm"><draw:text-box><text:p>Roadmap 2025</text:p></draw:text-box></draw:frame><draw:frame svg:x="2cm" svg:y="7cm" svg:width="28cm" svg:height="3cm"><draw:text-box><text:p>Launch the Zephyr product</text:p></draw:text-box></draw:frame></draw:page>
<draw:page draw:name="Slide2" draw:master-page-name="Default"><draw:frame svg:x="2cm" svg:y="2cm" svg:width="28cm" svg:height="3cm"><draw:text-box><text:p>Budget review</text:p></draw:text-box></draw:frame></draw:page>
</office:presentation></office:body></office:document>`;

export type FixtureName = 'docx' | 'doc' | 'odt' | 'rtf' | 'pdf' | 'xlsx' | 'xls' | 'ods' | 'pptx' | 'ppt' | 'odp';

export interface Fixtures {
  dir: string;
  path(name: FixtureName): string;
  bytes(name: FixtureName): Buffer;
  cleanup(): void;
}

const SOURCES: Record<FixtureName, 'fodt' | 'fods' | 'fodp'> = {
  docx: 'fodt',
  doc: 'fodt',
  odt: 'fodt',
  rtf: 'fodt',
  pdf: 'fodt',
  xlsx: 'fods',
  xls: 'fods',
  ods: 'fods',
  pptx: 'fodp',
  ppt: 'fodp',
  odp: 'fodp',
};

/**
 * Converts the flat ODF sources into the formats asked for with the test server's own warm LibreOffice: the file's
 * conversions start it anyway, and a second, private one was a LibreOffice start (about a CPU second) more per file.
 */
export async function makeFixtures(names: readonly FixtureName[], office: OfficeEngine): Promise<Fixtures> {
  const dir = mkdtempSync(path.join(tmpdir(), 'toolapi-fixtures-'));
  const sources = { fodt: FODT, fods: FODS, fodp: FODP };
  for (const [ext, text] of Object.entries(sources)) writeFileSync(path.join(dir, `source.${ext}`), text);
  const made = new Map<FixtureName, string>();
  for (const name of names) {
    const produced = await office.convert({ input: path.join(dir, `source.${SOURCES[name]}`), outputDir: path.join(dir, name), format: name });
    made.set(name, produced);
  }
  return {
    dir,
    path: (name) => {
      const file = made.get(name);
      assert.ok(file, `fixture ${name} was not made`);
      return file;
    },
    bytes: (name) => readFileSync(made.get(name) ?? ''),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/* ------------------------------------------------------------------ calling the service */

export interface FileResult {
  fileId: string;
  downloadUrl: string;
  expiresAt: string;
  fileName: string;
  mimeType: string;
  sizeBytes: number;
}

export interface Converted {
  status: number;
  body: { status: boolean; code: number; message: string; result: FileResult; warnings?: string[]; error?: string; detail?: string };
  /** The downloaded output (empty when the call failed). */
  file: Buffer;
}

export async function upload(
  server: TestServer,
  route: string,
  content: Buffer | string,
  fileName: string,
  fields: Record<string, string> = {},
): Promise<Response> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([content]), fileName);
  return fetch(`${server.url}${route}`, { method: 'POST', headers: { 'x-api-key': server.key }, body: form });
}

/** Uploads, checks the SERVICE-SPEC 2.3 envelope, and downloads the result through its link (no key). */
export async function convert(
  server: TestServer,
  route: string,
  content: Buffer | string,
  fileName: string,
  fields: Record<string, string> = {},
): Promise<Converted> {
  const response = await upload(server, route, content, fileName, fields);
  const body = (await response.json()) as Converted['body'];
  if (response.status !== 200) return { status: response.status, body, file: Buffer.alloc(0) };
  assert.equal(body.message, 'Conversion successful');
  const download = await fetch(body.result.downloadUrl);
  assert.equal(download.status, 200, 'the download link works without a key');
  const file = Buffer.from(await download.arrayBuffer());
  assert.equal(file.length, body.result.sizeBytes);
  return { status: response.status, body, file };
}

/** Routes that converted a file successfully in this test file (to compare with supported-conversions). */
export const converted = new Set<string>();

/** Converts and insists on success, with the body in the message when it fails. */
export async function convertOk(
  server: TestServer,
  route: string,
  content: Buffer | string,
  fileName: string,
  fields: Record<string, string> = {},
): Promise<Converted> {
  const outcome = await convert(server, route, content, fileName, fields);
  assert.equal(outcome.status, 200, `${route}: ${JSON.stringify(outcome.body)}`);
  converted.add(route.split('?')[0] ?? route);
  return outcome;
}

/* ------------------------------------------------------------------ reading outputs */

function withTempFile<T>(bytes: Buffer, ext: string, read: (file: string) => T): T {
  const dir = mkdtempSync(path.join(tmpdir(), 'toolapi-out-'));
  try {
    const file = path.join(dir, `file.${ext}`);
    writeFileSync(file, bytes);
    return read(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The text of a PDF, by poppler's pdftotext. */
export function pdfText(bytes: Buffer): string {
  assert.equal(bytes.subarray(0, 5).toString('latin1'), '%PDF-', 'a PDF');
  return withTempFile(bytes, 'pdf', (file) => execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }));
}

export function pdfPageCount(bytes: Buffer): number {
  return withTempFile(bytes, 'pdf', (file) => {
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    return text.split('\f').length - 1;
  });
}

/** Every entry of a ZIP (stored or deflated), read with yauzl. */
export async function zipEntries(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true });
  const entries = new Map<string, Buffer>();
  for await (const entry of zip.eachEntry()) {
    if (entry.fileName.endsWith('/')) continue;
    const stream = await zip.openReadStreamPromise(entry);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    entries.set(entry.fileName, Buffer.concat(chunks));
  }
  zip.close();
  return entries;
}

/** The text of an XML part with the markup removed (tags become spaces, entities decoded). */
export function xmlText(xml: string): string {
  return xml
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

/** The text of a DOCX (word/document.xml), ODT/ODS/ODP (content.xml) or PPTX (every slide in order). */
export async function officeText(bytes: Buffer): Promise<string> {
  const entries = await zipEntries(bytes);
  const part = (name: string): string => entries.get(name)?.toString('utf8') ?? '';
  if (entries.has('word/document.xml')) return xmlText(part('word/document.xml'));
  if (entries.has('content.xml')) return xmlText(part('content.xml'));
  const slides = [...entries.keys()]
    .filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n))
    .sort((a, b) => Number(/(\d+)\.xml$/.exec(a)?.[1]) - Number(/(\d+)\.xml$/.exec(b)?.[1]));
  if (slides.length > 0) return slides.map((s) => xmlText(part(s))).join(' ');
  const sheets = [...entries.keys()].filter((n) => /^xl\//.test(n) && n.endsWith('.xml'));
  return sheets.map((s) => xmlText(part(s))).join(' ');
}

/** Width and height of a PNG, from its IHDR chunk. */
export function pngSize(bytes: Buffer): { width: number; height: number } {
  assert.equal(bytes.subarray(0, 8).toString('hex'), '89504e470d0a1a0a', 'a PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

export interface SupportedConversions {
  module: string;
  count: number;
  conversions: Array<{ slug: string; from: string[]; to: string; method: string; path: string; operationId: string }>;
  unavailable: Array<{ slug: string; missing: string[] }>;
}

export async function supportedConversions(server: TestServer, module: string): Promise<SupportedConversions> {
  const response = await fetch(`${server.url}/api/v1/${module}/supported-conversions`);
  assert.equal(response.status, 200);
  return ((await response.json()) as { result: SupportedConversions }).result;
}

/** Every chunk of a stream (Array.fromAsync is newer than the project's TypeScript lib). */
export async function collect(stream: AsyncIterable<Buffer>): Promise<Buffer[]> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}
