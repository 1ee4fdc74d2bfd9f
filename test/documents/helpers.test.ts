import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { stripCssResources, stripRemoteResources } from '../../src/tools/documents/lib/html-resources.ts';
import { textToMarkdown } from '../../src/tools/documents/lib/text-to-markdown.ts';
import { withPageHeadings, withSlideHeadings } from '../../src/tools/conversions.ts';

/** The in-process steps of the document conversions: HTML resource stripping and text → Markdown. */

describe('stripRemoteResources', () => {
  test('removes every outside reference and keeps text, links and inline data', () => {
    const { html, removed } = stripRemoteResources(`<html><head>
<link rel="stylesheet" href="https://cdn.test/a.css"><script src="https://cdn.test/a.js"></script><script>alert(1)</script>
<base href="https://evil.test/"><meta http-equiv="refresh" content="0;url=https://evil.test/">
<style>@import url(https://cdn.test/b.css); .x { background: url("https://cdn.test/c.png"); } .y { background: url(data:image/png;base64,AAAA); }</style>
</head><body>
<p>Keep <a href="https://example.com/page">this link</a></p>
<img src="https://cdn.test/d.png" alt="A chart"><img src="/etc/passwd"><img src="data:image/png;base64,AAAA" alt="inline">
<img src="data:image/png;base64,AAAA" srcset="https://cdn.test/e.png 2x">
<iframe src="https://cdn.test/f.html"></iframe><object data="https://cdn.test/g.swf"></object><embed src="x.swf">
<video src="https://cdn.test/h.mp4" poster="https://cdn.test/i.png"></video><audio><source src="https://cdn.test/j.mp3"></audio>
<table background="https://cdn.test/k.png"><tr><td style="background-image:url('https://cdn.test/l.png');color:red">cell</td></tr></table>
<svg><image href="https://cdn.test/m.png"/><use href="https://cdn.test/n.svg#x"/></svg>
</body></html>`);
    assert.doesNotMatch(html, /cdn\.test|evil\.test|\/etc\/passwd|x\.swf/, html);
    assert.doesNotMatch(html, /<script|<iframe|<object|<embed|<link|<base|<video|<audio|http-equiv="refresh"/i);
    assert.match(html, /<a href="https:\/\/example\.com\/page">this link<\/a>/, 'links are kept');
    assert.match(html, /<span>A chart<\/span>/, 'an image becomes its alt text');
    assert.match(html, /<img src="data:image\/png;base64,AAAA" alt="inline">/, 'inline images are kept');
    assert.match(html, /url\(data:image\/png;base64,AAAA\)/, 'inline CSS images are kept');
    assert.match(html, /color:red/);
    assert.match(html, />cell</);
    assert.ok(removed >= 18, `removed ${removed}`);
  });

  test('a document without outside references is left alone', () => {
    const input = '<html><head><title>x</title></head><body><h1>Title</h1><p>Text &amp; more</p></body></html>';
    const { html, removed } = stripRemoteResources(input);
    assert.equal(removed, 0);
    assert.equal(html, input);
  });

  test('CSS: @import, url() and image-set() lose their outside targets', () => {
    const { css, removed } = stripCssResources(
      '@import "x.css"; a { background: url(  \'//cdn.test/a.png\' ) } b { background-image: image-set("a.png" 1x) } c { background: url(data:image/gif;base64,R0) }',
    );
    assert.equal(removed, 3);
    assert.doesNotMatch(css, /x\.css|cdn\.test|a\.png/);
    assert.match(css, /url\(data:image\/gif;base64,R0\)/);
  });
});

describe('textToMarkdown', () => {
  test('escapes what Markdown would read as syntax, keeps paragraphs and line breaks', () => {
    assert.equal(
      textToMarkdown('# Title\n*not bold* and _this_\n\n1. item\n- dash\n'),
      '\\# Title\\\n\\*not bold\\* and \\_this\\_\n\n1\\. item\\\n\\- dash\n',
    );
    assert.equal(textToMarkdown('a <b> [c](d) `e` ~f~ |g| AT&T &amp;'), 'a \\<b> \\[c\\](d) \\`e\\` \\~f\\~ \\|g\\| AT&T \\&amp;\n');
    assert.equal(textToMarkdown('    indented code?\n\tand a tab'), '&nbsp;&nbsp;&nbsp;&nbsp;indented code?\\\n&nbsp;&nbsp;&nbsp;&nbsp;and a tab\n');
    assert.equal(textToMarkdown('\uFEFFone\r\n\r\n\r\n\r\ntwo   \r\n'), 'one\n\ntwo\n');
    assert.equal(textToMarkdown(''), '');
    assert.equal(textToMarkdown('\n \n'), '');
  });

  /** The rendered text of Markdown, by pandoc: lines, trimmed, non-breaking spaces as spaces. */
  function rendered(markdown: string): string[] {
    const plain = execFileSync('pandoc', ['-f', 'gfm', '-t', 'plain', '--wrap=none'], { input: markdown, encoding: 'utf8' });
    return lines(plain.replace(/\u00a0/g, ' '));
  }
  function lines(text: string): string[] {
    return text
      .split(/\r\n|\r|\n/)
      .map((l) => l.replace(/[ \t]+/g, ' ').trim())
      .filter(Boolean);
  }

  test('property: any text renders back to the same lines (pandoc as the Markdown renderer)', () => {
    const alphabet = fc.constantFrom(
      ...'ab Z09 \t\n\n#*_-+=>!<[]()`~|&;:.\\/"\'{}@$%^?,'.split(''),
      'é',
      '€',
      'http://x.test',
      'www.a.b',
      '&amp;',
      '&#65;',
      '1.',
      '2)',
      '---',
      '***',
      '```',
    );
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 60 }), (parts) => {
        const text = parts.join('');
        assert.deepEqual(rendered(textToMarkdown(text)), lines(text));
      }),
      { numRuns: 120 },
    );
  });
});

describe('page and slide headings', () => {
  test('pdftotext pages become "--- Slide N ---" sections', () => {
    assert.equal(withPageHeadings('Title\n\nBody\n\fSecond\n\f', 'Slide'), '--- Slide 1 ---\n\nTitle\n\nBody\n\n--- Slide 2 ---\n\nSecond\n');
  });

  test("LibreOffice's empty slide headings are numbered", () => {
    assert.equal(
      withSlideHeadings('<h1></h1><p>a</p><h1 style="x"> </h1><p>b</p><h1>Kept</h1>'),
      '<h1>Slide 1</h1><p>a</p><h1 style="x">Slide 2</h1><p>b</p><h1>Kept</h1>',
    );
  });
});
