import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import yazl from 'yazl';

/** Documents for the extraction tests, written byte by byte (no converter needed to make them). */

/** A PDF of pages of text lines (Helvetica), with Title and Author in its info dictionary. */
export function pdf(pages: string[][], info: { title?: string; author?: string } = {}): Buffer {
  const escapePdfText = (s: string): string => s.replace(/[\\()]/g, (c) => `\\${c}`);
  const objects: string[] = [];
  const pageIds: number[] = [];
  // 1 catalog, 2 pages, 3 font; then page + content pairs; then info.
  let next = 4;
  const bodies: { id: number; body: string }[] = [];
  for (const lines of pages) {
    const pageId = next++;
    const contentId = next++;
    pageIds.push(pageId);
    const stream = lines.length ? `BT /F1 12 Tf 72 720 Td ${lines.map((l, i) => `${i ? '0 -18 Td ' : ''}(${escapePdfText(l)}) Tj`).join(' ')} ET` : '';
    bodies.push({
      id: pageId,
      body: `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${contentId} 0 R >>`,
    });
    bodies.push({ id: contentId, body: `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream` });
  }
  const infoId = next++;
  const infoEntries = [info.title ? `/Title (${escapePdfText(info.title)})` : '', info.author ? `/Author (${escapePdfText(info.author)})` : ''].join(' ');
  const all = [
    { id: 1, body: '<< /Type /Catalog /Pages 2 0 R >>' },
    { id: 2, body: `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>` },
    { id: 3, body: '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>' },
    ...bodies,
    { id: infoId, body: `<< ${infoEntries} >>` },
  ].sort((a, b) => a.id - b.id);
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (const { id, body } of all) {
    offsets[id] = Buffer.byteLength(out, 'latin1');
    objects.push(body);
    out += `${id} 0 obj\n${body}\nendobj\n`;
  }
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${all.length + 1}\n0000000000 65535 f \n`;
  for (let id = 1; id <= all.length; id += 1) out += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${all.length + 1} /Root 1 0 R /Info ${infoId} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

async function zipOf(entries: [string, string | Buffer][]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of entries) zip.addBuffer(Buffer.isBuffer(content) ? content : Buffer.from(content), name);
  zip.end();
  const chunks: Buffer[] = [];
  const sink = new PassThrough();
  sink.on('data', (c: Buffer) => chunks.push(c));
  zip.outputStream.pipe(sink);
  await once(sink, 'end');
  return Buffer.concat(chunks);
}

/** Excel's serial day number of a date (1900 date system). */
export function excelSerial(iso: string): number {
  return Date.parse(`${iso}T00:00:00Z`) / 86_400_000 + 25_569;
}

/** An XLSX with two sheets: a bank export (shared strings, a date format, negative amounts) and a note (inline string). */
export function xlsx(): Promise<Buffer> {
  const ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
  const rel = (id: string, type: string, target: string): string =>
    `<Relationship Id="${id}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/${type}" Target="${target}"/>`;
  const rels = (...items: string[]): string =>
    `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${items.join('')}</Relationships>`;
  const strings = ['Date', 'Payee', 'Amount', 'REWE Markt', 'Deutsche Bahn'];
  const row = (r: number, cells: string): string => `<row r="${r}">${cells}</row>`;
  return zipOf([
    [
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet2.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>',
    ],
    ['_rels/.rels', rels(rel('rId1', 'officeDocument', 'xl/workbook.xml'))],
    [
      'xl/workbook.xml',
      `<?xml version="1.0" encoding="UTF-8"?><workbook ${ns}><sheets><sheet name="Transactions" sheetId="1" r:id="rId1"/><sheet name="Notes" sheetId="2" r:id="rId2"/></sheets></workbook>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      rels(
        rel('rId1', 'worksheet', 'worksheets/sheet1.xml'),
        rel('rId2', 'worksheet', 'worksheets/sheet2.xml'),
        rel('rId3', 'sharedStrings', 'sharedStrings.xml'),
        rel('rId4', 'styles', 'styles.xml'),
      ),
    ],
    [
      'xl/sharedStrings.xml',
      `<?xml version="1.0" encoding="UTF-8"?><sst ${ns} count="5" uniqueCount="5">${strings.map((s) => `<si><t>${s}</t></si>`).join('')}</sst>`,
    ],
    [
      'xl/styles.xml',
      `<?xml version="1.0" encoding="UTF-8"?><styleSheet ${ns}><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="14" applyNumberFormat="1"/></cellXfs></styleSheet>`,
    ],
    [
      'xl/worksheets/sheet1.xml',
      `<?xml version="1.0" encoding="UTF-8"?><worksheet ${ns}><sheetData>` +
        row(1, '<c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c>') +
        row(2, `<c r="A2" s="1"><v>${excelSerial('2024-04-03')}</v></c><c r="B2" t="s"><v>3</v></c><c r="C2"><v>-54.2</v></c>`) +
        row(3, `<c r="A3" s="1"><v>${excelSerial('2024-04-04')}</v></c><c r="B3" t="s"><v>4</v></c><c r="C3"><v>-89.9</v></c>`) +
        '</sheetData></worksheet>',
    ],
    [
      'xl/worksheets/sheet2.xml',
      `<?xml version="1.0" encoding="UTF-8"?><worksheet ${ns}><sheetData>${row(1, '<c r="B1" t="inlineStr"><is><t>Keep the receipts</t></is></c>')}</sheetData></worksheet>`,
    ],
  ]);
}

/** A DOCX whose document.xml declares (and holds) far more than any document part may unpack to. */
export function docxBomb(): Promise<Buffer> {
  return zipOf([
    [
      '[Content_Types].xml',
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ],
    [
      '_rels/.rels',
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ],
    ['word/document.xml', Buffer.alloc(70 * 1024 * 1024, 0x20)],
  ]);
}
