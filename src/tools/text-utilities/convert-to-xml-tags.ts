import { z } from 'zod';
import { splitLines, trimSpaces } from '../../lib/lines.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { textField } from '../../registry/fields.ts';

// XML 1.0 (5th ed.) NameStartChar / NameChar, without ":" so names stay namespace-well-formed.
const NAME_START = String.raw`A-Z_a-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02FF\u0370-\u037D\u037F-\u1FFF\u200C\u200D\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD\u{10000}-\u{EFFFF}`;
const XML_NAME = new RegExp(`^[${NAME_START}][${NAME_START}\\-.0-9\\u00B7\\u0300-\\u036F\\u203F\\u2040]*$`, 'u');
const NAME_RULE = 'an XML element name: starts with a letter or _, then letters, digits, -, _ or . (no spaces or ":"; may not start with "xml")';
// Characters XML 1.0 forbids anywhere in a document (C0 controls other than tab/LF/CR, U+FFFE/U+FFFF, lone surrogates).
const NOT_XML_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function isXmlName(name: string): boolean {
  return XML_NAME.test(name) && !name.toLowerCase().startsWith('xml');
}

export default defineTool({
  module: 'text-utilities',
  slug: 'convert-to-xml-tags',
  cpu: 'large-input',
  title: 'Convert lines to XML tags',
  description:
    'Wraps each line of a text in an XML element — "apple" becomes <item>apple</item> — inside a root element ' +
    '(<items> by default; root "" leaves the elements bare). Text is escaped (&, <, >), characters XML cannot hold ' +
    '(control characters) are removed with a warning, lines are trimmed and empty lines skipped by default. Tag names ' +
    'are checked against the XML naming rules (letters incl. non-Latin, digits, "-", "_", "."). Good for building ' +
    'sitemaps, feeds, test fixtures or config lists from a plain list.',
  keywords: ['xml', 'xml tags', 'wrap lines', 'list to xml', 'markup', 'text to xml'],
  input: () =>
    z.object({
      text: textField('The lines to wrap, one element per line'),
      tag: z.string().max(100, 'at most 100 characters').refine(isXmlName, NAME_RULE).default('item').describe('Element name for each line (default "item")'),
      root: z
        .string()
        .max(100, 'at most 100 characters')
        .refine((name) => name === '' || isXmlName(name), `"" for no root, or ${NAME_RULE}`)
        .default('items')
        .describe('Root element name (default "items"; "" for none)'),
      indent: z
        .string()
        .regex(/^[ \t]{0,8}$/, 'up to 8 spaces or tabs')
        .default('  ')
        .describe('Indentation of the elements inside the root (default two spaces)'),
      trim: z.boolean().default(true).describe('Trim spaces at both ends of each line (default true)'),
      skipEmpty: z.boolean().default(true).describe('Skip empty lines (default true)'),
      declaration: z.boolean().default(false).describe('Start with <?xml version="1.0" encoding="UTF-8"?> (default false)'),
    }),
  output: () =>
    z.object({
      xml: z.string().describe('The XML'),
      count: z.number().int().nonnegative().describe('How many elements were written'),
    }),
  examples: [
    {
      title: 'a list in <items>',
      input: { text: 'apple\nbanana\n\ncherry' },
      output: { xml: '<items>\n  <item>apple</item>\n  <item>banana</item>\n  <item>cherry</item>\n</items>', count: 3 },
    },
    {
      title: 'escaping, custom names',
      input: { text: 'Tom & Jerry\n<script>', tag: 'title', root: 'titles' },
      output: { xml: '<titles>\n  <title>Tom &amp; Jerry</title>\n  <title>&lt;script&gt;</title>\n</titles>', count: 2 },
    },
    {
      title: 'no root, Unicode tag name and content',
      input: { text: '東京 🗼\r\nSão Paulo', tag: 'città', root: '' },
      output: { xml: '<città>東京 🗼</città>\n<città>São Paulo</città>', count: 2 },
    },
  ],
  run: ({ text, tag, root, indent, trim, skipEmpty, declaration }, ctx) => {
    let lines = splitLines(text);
    if (trim) lines = lines.map((line) => trimSpaces(line));
    if (skipEmpty) lines = lines.filter((line) => line !== '');
    let dropped = 0;
    const pad = root === '' ? '' : indent;
    const elements = lines.map((line) => {
      const clean = line.replace(NOT_XML_CHAR, () => {
        dropped++;
        return '';
      });
      return `${pad}<${tag}>${escapeXml(clean)}</${tag}>`;
    });
    if (dropped > 0) ctx.warn(`Removed ${dropped} character(s) that XML 1.0 does not allow (control characters or unpaired surrogates).`);
    const body = root === '' ? elements : [`<${root}>`, ...elements, `</${root}>`];
    if (root !== '' && elements.length === 0) body.splice(0, body.length, `<${root}/>`);
    if (declaration) body.unshift('<?xml version="1.0" encoding="UTF-8"?>');
    return { xml: body.join('\n'), count: elements.length };
  },
});

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
