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
