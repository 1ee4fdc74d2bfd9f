import { gzipSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import yazl from 'yazl';

/**
 * Small real files of the formats file tools take, made in the test (no binary fixtures in the repo),
 * so the client can upload to a tool of every file module. Undefined for formats not made here.
 */
export async function fixtureFor(kind: string): Promise<{ bytes: Uint8Array; fileName: string } | undefined> {
  const text = (fileName: string, content: string) => ({ bytes: new TextEncoder().encode(content), fileName });
  switch (kind) {
    case 'txt':
      return text('notes.txt', 'Plain notes.\nSecond line.\n');
    case 'md':
      return text('notes.md', '# Notes\n\nSome *emphasis*.\n');
    case 'html':
      return text('page.html', '<!doctype html><html><head><title>Page</title></head><body><h1>Page</h1><p>Text.</p></body></html>');
    case 'xml':
      return text('data.xml', '<?xml version="1.0"?><items><item id="1">one</item><item id="2">two</item></items>');
    case 'json':
      return text('data.json', '[{"item":"apple","qty":3},{"item":"pear","qty":5}]');
    case 'csv':
      return text('data.csv', 'item,qty\napple,3\npear,5\n');
    case 'svg':
      return text('dot.svg', '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4" fill="red"/></svg>');
    case 'zip':
      return { bytes: await zip({ 'readme.txt': 'hello from the zip\n', 'docs/a.md': '# A\n' }), fileName: 'bundle.zip' };
    case 'gz':
      return { bytes: gzipSync(Buffer.from('hello gzip\n')), fileName: 'hello.txt.gz' };
    case 'xlsx':
      return { bytes: await workbook(), fileName: 'sales.xlsx' };
    case 'png':
      return {
        bytes: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'),
        fileName: 'dot.png',
      };
    case 'pdf':
      return { bytes: minimalPdf('Hello PDF'), fileName: 'hello.pdf' };
    case 'fb2':
      return text(
        'tale.fb2',
        '<?xml version="1.0" encoding="UTF-8"?><FictionBook xmlns="http://www.gribuser.ru/xml/fictionbook/2.0"><description><title-info><book-title>A Tale</book-title><lang>en</lang></title-info></description><body><section><title><p>One</p></title><p>Once upon a time.</p></section></body></FictionBook>',
      );
    default:
      return undefined;
  }
}

async function zip(entries: Record<string, string>): Promise<Uint8Array> {
  const archive = new yazl.ZipFile();
  for (const [name, content] of Object.entries(entries)) archive.addBuffer(Buffer.from(content), name);
  archive.end();
  const chunks: Buffer[] = [];
  for await (const chunk of archive.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function workbook(): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sales');
  sheet.addRow(['item', 'qty']);
  sheet.addRow(['apple', 3]);
  sheet.addRow(['pear', 5]);
  return new Uint8Array(await book.xlsx.writeBuffer());
}

/** A one-page PDF with one line of Helvetica text, its cross-reference table computed. */
export function minimalPdf(line: string): Uint8Array {
  const content = `BT /F1 18 Tf 20 100 Td (${line}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(pdf);
}
