import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { parse as parseCsv } from 'csv-parse/sync';
import fc from 'fast-check';
import { load } from 'cheerio';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { errorOf, fileOf, postForm, scratchEntries } from '../convertors/helpers.ts';

/** The web module's 15 data conversions through real HTTP; every output is parsed again and checked. */
let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(async () => {
  await server.close();
});

const send = (slug: string, data: string | Buffer, name: string, fields: Record<string, unknown> = {}) =>
  postForm(server, `/api/v1/web/${slug}`, [{ field: 'file', name, data }], fields);
async function text(
  slug: string,
  data: string | Buffer,
  name: string,
  fields: Record<string, unknown> = {},
): Promise<{ out: string; warnings: string[]; fileName: string; mimeType: string }> {
  const { body, bytes } = await fileOf(await send(slug, data, name, fields));
  return { out: bytes.toString('utf8'), warnings: body.warnings ?? [], fileName: body.result.fileName, mimeType: body.result.mimeType };
}

const PEOPLE_CSV = 'name,age,city\r\nAda,36,London\r\n"Hopper, Grace",85,"New York"\r\n';
const CATALOG_XML =
  '<?xml version="1.0" encoding="UTF-8"?>\n<catalog>\n  <book id="b1"><title>Dune</title><author><name>Herbert</name></author></book>\n  <book id="b2"><title>AT&amp;T &lt;3</title><author><name>Austen</name></author></book>\n</catalog>\n';
const PEOPLE_JSON = '[{"name":"Ada","born":1815,"langs":["en","fr"]},{"name":"Grace <G>","born":1906,"address":{"city":"NYC"}}]';
const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', processEntities: true, parseTagValue: false });

describe('CSV in', () => {
  test('csv-to-json: JSON body, quotes, CRLF', async () => {
    const answer = await send('csv-to-json', PEOPLE_CSV, 'people.csv');
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, [
      { name: 'Ada', age: '36', city: 'London' },
      { name: 'Hopper, Grace', age: '85', city: 'New York' },
    ]);
  });

  test('encodings: UTF-8 BOM, UTF-16 LE/BE with BOM, Latin-1 without one', async () => {
    const expected = [{ name: 'Zoë', city: 'Zürich' }];
    const source = 'name;city\nZoë;Zürich\n';
    const utf16le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(source, 'utf16le')]);
    const utf16be = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(source, 'utf16le').swap16()]);
    for (const [label, bytes] of [
      ['utf-8 bom', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(source)])],
      ['utf-16le', utf16le],
      ['utf-16be', utf16be],
      ['latin1', Buffer.from(source, 'latin1')],
    ] as const) {
      const answer = await send('csv-to-json', bytes, 'x.csv');
      assert.equal(answer.status, 200, `${label}: ${answer.text}`);
      assert.deepEqual(answer.body, expected, label);
    }
  });

  test('delimiter sniffing: comma, semicolon, tab, pipe', async () => {
    for (const d of [',', ';', '\t', '|']) {
      const answer = await send('csv-to-json', `a${d}b${d}c\n1${d}"x${d}y"${d}3\n`, 'd.csv');
      assert.deepEqual(answer.body, [{ a: '1', b: `x${d}y`, c: '3' }], JSON.stringify(d));
    }
  });

  test('csv-to-html: a table, escaped', async () => {
    const { out, mimeType } = await text('csv-to-html', 'name,tag\nAda,<script>alert(1)</script>\n', 'x.csv');
    assert.equal(mimeType, 'text/html');
    const $ = load(out);
    assert.deepEqual(
      $('thead th')
        .map((_, e) => $(e).text())
        .get(),
      ['name', 'tag'],
    );
    assert.deepEqual(
      $('tbody td')
        .map((_, e) => $(e).text())
        .get(),
      ['Ada', '<script>alert(1)</script>'],
    );
    assert.equal($('script').length, 0);
  });

  test('csv-to-xml: well-formed, one element per row and column, names made valid', async () => {
    const { out } = await text('csv-to-xml', 'full name,2024,a&b\nAda,"x < y",1\n', 'x.csv');
    assert.equal(XMLValidator.validate(out), true);
    assert.deepEqual(xml.parse(out).rows, { row: { full_name: 'Ada', _2024: 'x < y', a_b: '1' } });
  });

  test('csv-to-txt: aligned columns, wide characters counted double', async () => {
    const { out } = await text('csv-to-txt', 'name,n\nAda Lovelace,1\n日本,22\n', 'x.csv');
    assert.equal(out, 'name          n\n------------  --\nAda Lovelace  1\n日本          22\n');
  });

  test('malformed CSV is a 400 naming the line; an empty table too', async () => {
    const unclosed = await send('csv-to-json', 'a,b\n1,"open\n2,3\n', 'bad.csv');
    assert.equal(unclosed.status, 400);
    assert.match(errorOf(unclosed).detail, /^file: malformed CSV at line \d+: a quoted field is never closed/);
    const stray = await send('csv-to-json', 'a,b\n1,"x"y\n', 'bad.csv');
    assert.equal(stray.status, 400);
    assert.match(errorOf(stray).detail, /^file: malformed CSV at line 2/);
    const headerOnly = await send('csv-to-json', 'a,b\n', 'h.csv');
    assert.equal(headerOnly.status, 400);
    const binary = await send('csv-to-json', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), 'x.csv');
    assert.equal(binary.status, 415);
    assert.deepEqual(scratchEntries(server), []);
  });
});

describe('JSON in', () => {
  test('json-to-csv: flattened columns, parsed back to the same values', async () => {
    const { out } = await text('json-to-csv', PEOPLE_JSON, 'people.json', { escapeFormulas: 'true' });
    const rows = parseCsv(out, { columns: true }) as Record<string, string>[];
    assert.deepEqual(rows, [
      { name: 'Ada', born: '1815', langs: '["en","fr"]', 'address.city': '' },
      { name: 'Grace <G>', born: '1906', langs: '', 'address.city': 'NYC' },
    ]);
    const injected = await text('json-to-csv', '[{"f":"=HYPERLINK(\\"x\\")","n":-5}]', 'i.json', { escapeFormulas: 'true' });
    assert.equal(injected.out, 'f,n\r\n"\'=HYPERLINK(""x"")",-5\r\n');
  });

  test('json-to-xml and xml-to-json round-trip (attributes as @, repeated elements as arrays)', async () => {
    const json = {
      catalog: {
        book: [
          { '@id': 'b1', title: 'Dune' },
          { '@id': 'b2', title: 'A & B' },
        ],
      },
    };
    const { out } = await text('json-to-xml', JSON.stringify(json), 'c.json');
    assert.equal(XMLValidator.validate(out), true);
    const back = await send('xml-to-json', out, 'c.xml');
    assert.deepEqual(back.body, json);
  });

  test('json-to-html: records as a table, everything escaped', async () => {
    const { out } = await text('json-to-html', PEOPLE_JSON, 'people.json');
    const $ = load(out);
    assert.equal($('h1').text(), 'people');
    assert.ok($('table').length >= 1);
    assert.ok(out.includes('Grace &lt;G&gt;'));
    assert.ok(
      $('td')
        .map((_, e) => $(e).text())
        .get()
        .includes('NYC'),
    );
  });

  test('json-to-txt: an outline without JSON punctuation', async () => {
    const { out } = await text('json-to-txt', '{"name":"api","ports":[80,443],"tls":{"enabled":true},"note":"a\\nb"}', 'c.json');
    assert.equal(out, 'name: api\nports:\n  - 80\n  - 443\ntls:\n  enabled: true\nnote:\n  a\n  b\n');
  });

  test('invalid and too-deep JSON are 400 with the position', async () => {
    const bad = await send('json-to-csv', '[{"a":1},\n{"b":}]', 'bad.json');
    assert.equal(bad.status, 400);
    assert.match(errorOf(bad).detail, /^file: not valid JSON at line 2, column \d+/);
    const deep = await send('json-to-xml', `${'['.repeat(5000)}${']'.repeat(5000)}`, 'deep.json');
    assert.equal(deep.status, 400);
    assert.match(errorOf(deep).detail, /nested more than 100 levels/);
    assert.deepEqual(scratchEntries(server), []);
  });
});

describe('XML in', () => {
  test('xml-to-json: the JSON body, entities decoded, values as text', async () => {
    const answer = await send('xml-to-json', CATALOG_XML, 'catalog.xml');
    assert.deepEqual(answer.body, {
      catalog: {
        book: [
          { '@id': 'b1', title: 'Dune', author: { name: 'Herbert' } },
          { '@id': 'b2', title: 'AT&T <3', author: { name: 'Austen' } },
        ],
      },
    });
    const arrays = await send('xml-to-json', '<r><a>1</a></r>', 'r.xml', { alwaysArray: 'true' });
    assert.deepEqual(arrays.body, { r: { a: ['1'] } });
  });

  test('mixed content keeps its text parts apart: the whitespace between them, in document order (XML 1.0 §3.2.2 mixed content)', async () => {
    const mixed = await send('xml-to-json', '<p>mixed <b>bold</b> tail</p>', 'p.xml');
    assert.deepEqual(mixed.body, { p: { b: 'bold', '#text': 'mixed tail' } });
    const spaced = await send('xml-to-json', '<doc>\n  <p>  padded  </p>\n  <q a="1">\n    two\n    lines\n  </q>\n</doc>', 'doc.xml');
    assert.deepEqual(spaced.body, { doc: { p: 'padded', q: { '@a': '1', '#text': 'two\n    lines' } } }, 'text-only elements are trimmed, not collapsed');
    const { out } = await text('xml-to-csv', '<rows><row><note>one <i>two</i> three</note></row><row><note>four</note></row></rows>', 'rows.xml');
    assert.match(out, /one three/);
  });

  test('xml-to-csv: the repeated records, nested elements as dotted columns', async () => {
    const { out, warnings } = await text('xml-to-csv', CATALOG_XML, 'catalog.xml');
    assert.deepEqual(parseCsv(out, { columns: true }), [
      { '@id': 'b1', title: 'Dune', 'author.name': 'Herbert' },
      { '@id': 'b2', title: 'AT&T <3', 'author.name': 'Austen' },
    ]);
    assert.match(warnings[0] ?? '', /2 <book> elements at "catalog.book"/);
    const missing = await send('xml-to-csv', CATALOG_XML, 'catalog.xml', { recordPath: 'catalog.film' });
    assert.equal(missing.status, 400);
    assert.match(errorOf(missing).detail, /^recordPath: /);
  });

  test('xml-to-csv: a catalog with one record has the same columns as one with many (the record, not its wrapper, is the row)', async () => {
    const one = CATALOG_XML.replace(/\s*<book id="b2">.*<\/book>/, '');
    const { out, warnings } = await text('xml-to-csv', one, 'catalog.xml');
    assert.deepEqual(parseCsv(out, { columns: true }), [{ '@id': 'b1', title: 'Dune', 'author.name': 'Herbert' }]);
    assert.match(warnings[0] ?? '', /<book> element at "catalog.book" is one row/);
  });

  test('xml-to-html and xml-to-txt', async () => {
    const html = await text('xml-to-html', CATALOG_XML, 'catalog.xml');
    const $ = load(html.out);
    assert.equal($('h1').text(), 'catalog');
    assert.ok(
      $('td')
        .map((_, e) => $(e).text())
        .get()
        .includes('AT&T <3'),
    );
    const txt = await text('xml-to-txt', CATALOG_XML, 'catalog.xml');
    assert.equal(
      txt.out,
      'catalog:\n  book:\n    -\n      @id: b1\n      title: Dune\n      author:\n        name: Herbert\n    -\n      @id: b2\n      title: AT&T <3\n      author:\n        name: Austen\n',
    );
  });

  test('XXE, billion laughs, malformed and too-deep XML are 400, nothing expanded', async () => {
    const xxe = '<?xml version="1.0"?>\n<!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<r>&x;</r>';
    const lol =
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]><lolz>&lol3;</lolz>';
    for (const slug of ['xml-to-json', 'xml-to-csv', 'xml-to-txt', 'xml-to-html']) {
      for (const body of [xxe, lol]) {
        const answer = await send(slug, body, 'evil.xml');
        assert.equal(answer.status, 400, slug);
        assert.match(errorOf(answer).detail, /DOCTYPE/);
        assert.doesNotMatch(answer.text, /root:|lollol/);
      }
    }
    const malformed = await send('xml-to-json', '<a><b></a>', 'bad.xml');
    assert.equal(malformed.status, 400);
    assert.match(errorOf(malformed).detail, /^file: malformed XML at line 1, column \d+/);
    const deep = await send('xml-to-json', `${'<a>'.repeat(500)}x${'</a>'.repeat(500)}`, 'deep.xml');
    assert.equal(deep.status, 400);
    assert.deepEqual(scratchEntries(server), []);
  });
});

describe('HTML in', () => {
  test('html-to-json: a DOM tree', async () => {
    const answer = await send('html-to-json', '<!doctype html><p class="x">A &amp; <b>B</b></p>', 'p.html');
    assert.deepEqual(answer.body, {
      type: 'document',
      doctype: 'html',
      children: [
        {
          type: 'element',
          tag: 'p',
          attributes: { class: 'x' },
          children: [
            { type: 'text', text: 'A & ' },
            { type: 'element', tag: 'b', attributes: {}, children: [{ type: 'text', text: 'B' }] },
          ],
        },
      ],
    });
    const deep = await send('html-to-json', '<div>'.repeat(300), 'deep.html');
    assert.equal(deep.status, 400);
    assert.match(errorOf(deep).detail, /nested more than 256 levels/);
  });

  test('html-to-xml: tag soup becomes well-formed XHTML', async () => {
    const { out, warnings } = await text('html-to-xml', '<p>One<br>two<p>Three &amp; <b>four<img src=a.png alt=x @click="go()">', 'soup.html');
    assert.equal(XMLValidator.validate(out), true, out);
    const parsed = xml.parse(out);
    assert.equal(parsed.html['@xmlns'], 'http://www.w3.org/1999/xhtml');
    assert.match(out, /<br\/>/);
    assert.match(out, /Three &amp; <b>four<img src="a.png" alt="x"\/><\/b>/);
    assert.match(warnings[0] ?? '', /1 attribute with names that are not valid XML were dropped/);
  });

  test('html-to-md: GitHub-flavoured Markdown, scripts dropped', async () => {
    const { out } = await text(
      'html-to-md',
      '<h1>Title</h1><p>Some <strong>bold</strong> and a <a href="https://example.com">link</a>.</p><ul><li>one</li><li>two</li></ul><table><tr><th>a</th><th>b</th></tr><tr><td>1</td><td>2</td></tr></table><script>alert(1)</script>',
      'p.html',
    );
    assert.equal(out, '# Title\n\nSome **bold** and a [link](https://example.com).\n\n-   one\n-   two\n\n| a   | b   |\n| --- | --- |\n| 1   | 2   |\n');
  });
});

test('GET /api/v1/web/supported-conversions lists exactly the 15 web conversions', async () => {
  const response = await fetch(`${server.url}/api/v1/web/supported-conversions`);
  assert.equal(response.status, 200);
  const body = (await response.json()) as {
    result: { count: number; conversions: Array<{ slug: string; from: string[]; to: string }>; unavailable: unknown[] };
  };
  assert.equal(body.result.count, 15);
  assert.deepEqual(body.result.unavailable, []);
  assert.deepEqual(body.result.conversions.map((c) => c.slug).sort(), [
    'csv-to-html',
    'csv-to-json',
    'csv-to-txt',
    'csv-to-xml',
    'html-to-json',
    'html-to-md',
    'html-to-xml',
    'json-to-csv',
    'json-to-html',
    'json-to-txt',
    'json-to-xml',
    'xml-to-csv',
    'xml-to-html',
    'xml-to-json',
    'xml-to-txt',
  ]);
  const csvToJson = body.result.conversions.find((c) => c.slug === 'csv-to-json');
  assert.equal(csvToJson?.to, 'json');
  assert.ok(csvToJson?.from.includes('csv') && csvToJson.from.includes('utf16-text'));
});

test('property: random records survive json-to-csv → csv-to-json; random bytes never give a 5xx', async () => {
  const cellText = fc.string({ unit: 'grapheme', maxLength: 12 });
  const records = fc.array(fc.record({ a: cellText, b: cellText, c: cellText }), { minLength: 1, maxLength: 8 });
  await fc.assert(
    fc.asyncProperty(records, async (rows) => {
      const { out } = await text('json-to-csv', JSON.stringify(rows), 'r.json');
      const back = await send('csv-to-json', out, 'r.csv', { delimiter: 'comma' });
      assert.equal(back.status, 200, back.text);
      assert.deepEqual(back.body, JSON.parse(JSON.stringify(rows)));
    }),
    { numRuns: 25 },
  );
  const slugs = ['csv-to-json', 'xml-to-json', 'html-to-json', 'json-to-csv', 'xml-to-csv', 'csv-to-xml'];
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...slugs), fc.uint8Array({ minLength: 1, maxLength: 300 }), async (slug, bytes) => {
      const answer = await send(slug, Buffer.from(bytes), 'random.bin');
      assert.ok(answer.status < 500, `${slug}: ${answer.status} ${answer.text}`);
    }),
    { numRuns: 60 },
  );
  assert.deepEqual(scratchEntries(server), []);
});

describe('reversible pairs round-trip on generated documents (fast-check)', () => {
  // Names XML can hold as elements (no "xml" prefix), and text without control characters (XML 1.0 cannot hold
  // them) and without whitespace at its ends (an XML reader trims text-only elements).
  const name = fc.stringMatching(/^[a-wyz][a-z0-9_]{0,6}$/);
  const textValue = fc
    .string({
      unit: fc.oneof(fc.constantFrom('a', 'Z', ' ', '&', '<', '>', '"', "'", ',', '\n', 'é', '日', '👍🏽'), fc.string({ minLength: 1, maxLength: 1 })),
      minLength: 1,
      maxLength: 12,
    })
    .map((s) => s.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, 'x').trim())
    .filter((s) => s !== '');

  test('json → xml → json gives the same document (accepted losses: none for text values and nested objects)', async () => {
    const doc = fc.dictionary(name, fc.oneof(textValue, fc.dictionary(name, textValue, { minKeys: 1, maxKeys: 3 })), { minKeys: 1, maxKeys: 4 });
    await fc.assert(
      fc.asyncProperty(doc, async (inner) => {
        const json = JSON.parse(JSON.stringify({ root: inner })) as unknown;
        const { out } = await text('json-to-xml', JSON.stringify(json), 'doc.json');
        assert.equal(XMLValidator.validate(out), true, out);
        const back = await send('xml-to-json', out, 'doc.xml');
        // xml-to-json trims text-only elements and collapses runs of whitespace in mixed content only.
        assert.deepEqual(back.body, json, out);
      }),
      { numRuns: 25 },
    );
  });

  test('markdown → html (documents/md-to-html, pandoc) → markdown (web/html-to-md, turndown) → html gives the same HTML body (accepted losses: markdown spelling such as "*" vs "_" or "+" vs "-" bullets, which the HTML does not show)', async () => {
    const word = fc.stringMatching(/^[A-Za-z0-9éß日]{1,8}$/);
    const words = fc.array(word, { minLength: 1, maxLength: 5 }).map((w) => w.join(' '));
    const inline = fc.oneof(
      words,
      words.map((w) => `*${w}*`),
      words.map((w) => `**${w}**`),
      words.map((w) => `\`${w}\``),
      fc.tuple(words, word).map(([w, path]) => `[${w}](https://example.org/${path})`),
    );
    const paragraph = fc.array(inline, { minLength: 1, maxLength: 4 }).map((parts) => parts.join(' '));
    const block = fc.oneof(
      fc.tuple(fc.integer({ min: 1, max: 3 }), words).map(([level, w]) => `${'#'.repeat(level)} ${w}`),
      paragraph,
      fc.array(paragraph, { minLength: 1, maxLength: 3 }).map((items) => items.map((i) => `- ${i}`).join('\n')),
      fc.array(paragraph, { minLength: 1, maxLength: 3 }).map((items) => items.map((i, n) => `${n + 1}. ${i}`).join('\n')),
      words.map((w) => '```\n' + w + '\n```'),
    );
    const bodyOf = (html: string): string => load(html)('body').html()!.replace(/\s+/g, ' ').trim();
    await fc.assert(
      fc.asyncProperty(fc.array(block, { minLength: 1, maxLength: 5 }), async (blocks) => {
        const markdown = blocks.join('\n\n') + '\n';
        const toHtml = async (md: string): Promise<string> => {
          const { bytes } = await fileOf(await postForm(server, '/api/v1/documents/md-to-html', [{ field: 'file', name: 'doc.md', data: md }]));
          return bytes.toString('utf8');
        };
        const html = await toHtml(markdown);
        const { out: again } = await text('html-to-md', html, 'doc.html');
        assert.equal(bodyOf(await toHtml(again)), bodyOf(html), `${markdown}\n---\n${again}`);
      }),
      { numRuns: 12 },
    );
  });

  test('json → csv → json, and csv → xml → csv, give the same flat rows (accepted losses: values come back as text, which these are; a row of only empty or blank cells is a blank line (blank once the XML reader trims), so it is not generated)', async () => {
    const header = fc.uniqueArray(name, { minLength: 1, maxLength: 4 });
    const rows = header.chain((keys) =>
      fc.array(
        fc
          .record(
            Object.fromEntries(
              keys.map((k) => [
                k,
                fc.string({ unit: fc.oneof(fc.constantFrom(',', '"', '\n', ' ', 'é', '👍🏽', ';'), fc.string({ minLength: 1, maxLength: 1 })), maxLength: 10 }),
              ]),
            ),
          )
          .filter((row) => Object.values(row).some((v) => v.trim() !== '')),
        { minLength: 1, maxLength: 5 },
      ),
    );
    await fc.assert(
      fc.asyncProperty(rows, async (records) => {
        const { out } = await text('json-to-csv', JSON.stringify(records), 'rows.json');
        const back = await send('csv-to-json', out, 'rows.csv');
        assert.deepEqual(back.body, JSON.parse(JSON.stringify(records)), out);
        // csv → xml → csv on the same rows: column names are XML names here, so the header survives too. Accepted
        // loss: whitespace at the ends of a value, which the XML reader trims (as it must for indented XML).
        const { out: xmlOut } = await text('csv-to-xml', out, 'rows.csv');
        const { out: csvAgain } = await text('xml-to-csv', xmlOut, 'rows.xml');
        const trimmed = records.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v.trim()])));
        assert.deepEqual((await send('csv-to-json', csvAgain, 'again.csv')).body, trimmed, xmlOut);
      }),
      { numRuns: 25 },
    );
  });
});
