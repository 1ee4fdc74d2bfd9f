import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { textToMarkdown } from './text-to-markdown.ts';

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

  /** A paragraph between two samples' Markdown: plain words, so each sample's rendering ends at it. */
  const SEPARATOR = 'zz-sample-separator-zz';
  /**
   * The rendered text of each Markdown document, by pandoc: lines, trimmed, non-breaking spaces as spaces. One pandoc
   * run renders them all, a separator paragraph between each two; a construct one of them leaves open (a fence, an HTML
   * block) would swallow the separator, and the count of renderings would be wrong.
   */
  function rendered(markdowns: string[]): string[][] {
    const joined = markdowns.join(`\n\n${SEPARATOR}\n\n`);
    const plain = execFileSync('pandoc', ['-f', 'gfm', '-t', 'plain', '--wrap=none'], { input: joined, encoding: 'utf8' });
    const each: string[][] = [[]];
    for (const line of lines(plain.replace(/\u00a0/g, ' '))) {
      if (line === SEPARATOR) each.push([]);
      else each.at(-1)!.push(line);
    }
    assert.equal(each.length, markdowns.length, 'one rendering per sample: a sample left a Markdown construct open');
    return each;
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
    // 300 random texts (each a sample of fast-check's generator), rendered in one pandoc run.
    const texts = fc.sample(
      fc.array(alphabet, { maxLength: 60 }).map((parts) => parts.join('')),
      300,
    );
    const renderings = rendered(texts.map(textToMarkdown));
    for (const [i, text] of texts.entries()) assert.deepEqual(renderings[i], lines(text), `text ${JSON.stringify(text)}`);
  });
});
