import { execFileSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { deflateSync, crc32 } from 'node:zlib';
import yazl from 'yazl';

/** A 4×4 red PNG, written byte by byte. */
export function redPng(): Buffer {
  const chunk = (type: string, data: Buffer): Buffer => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length, 0);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0, 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(4, 0);
  header.writeUInt32BE(4, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from([255, 0, 0, 255, 0, 0, 255, 0, 0, 255, 0, 0])]);
  const raw = Buffer.concat([row, row, row, row]);
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

export const BOOK = {
  title: 'The Test Book',
  author: 'Jane Writer',
  chapterOne: 'It was a bright cold day in April.',
  chapterTwo: 'The clocks were striking thirteen.',
};

const xhtml = (title: string, body: string): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE html>\n<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="en"><head><title>${title}</title></head><body>${body}</body></html>`;

/**
 * An EPUB 3 written entry by entry: two chapters, one image of the book, and what no conversion may
 * follow: an image on a loopback HTTP server (`trackerUrl`), a local file, and a script that would rewrite
 * the text and call the tracker if it ran.
 */
export async function writeEpub(file: string, trackerUrl: string): Promise<void> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from('application/epub+zip'), 'mimetype', { compress: false });
  zip.addBuffer(
    Buffer.from(
      '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
    ),
    'META-INF/container.xml',
  );
  zip.addBuffer(
    Buffer.from(
      `<?xml version="1.0" encoding="UTF-8"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/">` +
        `<dc:identifier id="id">urn:uuid:0b6f3d1e-1f6e-4e0c-9a51-3f1f6c2b7a10</dc:identifier><dc:title>${BOOK.title}</dc:title><dc:creator>${BOOK.author}</dc:creator><dc:language>en</dc:language>` +
        `<meta property="dcterms:modified">2024-01-01T00:00:00Z</meta></metadata><manifest>` +
        `<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/><item id="ch1" href="ch1.xhtml" media-type="application/xhtml+xml"/>` +
        `<item id="ch2" href="ch2.xhtml" media-type="application/xhtml+xml"/><item id="img" href="images/red.png" media-type="image/png"/></manifest>` +
        `<spine><itemref idref="ch1"/><itemref idref="ch2"/></spine></package>`,
    ),
    'OEBPS/content.opf',
  );
  zip.addBuffer(
    Buffer.from(
      xhtml('Contents', '<nav epub:type="toc"><ol><li><a href="ch1.xhtml">Chapter One</a></li><li><a href="ch2.xhtml">Chapter Two</a></li></ol></nav>'),
    ),
    'OEBPS/nav.xhtml',
  );
  zip.addBuffer(
    Buffer.from(
      xhtml(
        'Chapter One',
        `<h1>Chapter One</h1><p>${BOOK.chapterOne}</p><p><img src="images/red.png" alt="A red square"/></p><p><img src="${trackerUrl}" alt="tracker"/></p>`,
      ),
    ),
    'OEBPS/ch1.xhtml',
  );
  // A script that would rewrite the text and call the tracker if any converter ran it.
  const script = `<script>document.getElementById('two').textContent = 'PWNED'; fetch('${trackerUrl}?script');</script>`;
  zip.addBuffer(
    Buffer.from(xhtml('Chapter Two', `<h1>Chapter Two</h1><p id="two">${BOOK.chapterTwo}</p><p><img src="file:///etc/passwd" alt="local file"/></p>${script}`)),
    'OEBPS/ch2.xhtml',
  );
  zip.addBuffer(redPng(), 'OEBPS/images/red.png');
  zip.end();
  const out = createWriteStream(file);
  zip.outputStream.pipe(out);
  await once(out, 'close');
}

/** ebook-convert for fixtures (headless). */
export function calibre(input: string, output: string, cwd: string): void {
  execFileSync('ebook-convert', [input, output], { cwd, stdio: 'ignore', env: { ...process.env, QT_QPA_PLATFORM: 'offscreen', HOME: cwd } });
}
