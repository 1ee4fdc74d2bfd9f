import type * as FastXmlParser from 'fast-xml-parser';
import type * as Saxes from 'saxes';
import type xmlFormatterModule from 'xml-formatter';
import { z } from 'zod';
import { invalidField } from '../../core/errors.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { indentField, indentString, isStackOverflow, messageOf, sizeStats, sizeStatsSchema, sourceField, syntaxError, tooDeep } from './lib/source.ts';
import { lazy } from '../../lib/lazy.ts';

const fastXmlParser = lazy<typeof FastXmlParser>('fast-xml-parser');
const saxes = lazy<typeof Saxes>('saxes');
const xmlFormatter = lazy<typeof xmlFormatterModule>('xml-formatter');

/** The package is CommonJS (module.exports = formatXml); TypeScript sees its namespace, so unwrap once. */
type FormatXml = typeof xmlFormatterModule.default;
const xmlFormat = (): FormatXml => (xmlFormatter() as unknown as { default?: FormatXml }).default ?? (xmlFormatter() as unknown as FormatXml);

/** DOCTYPE declarations carry entities: external ones are XXE, nested ones are "billion laughs". Refused outright. */
const DOCTYPE = /<!\s*(DOCTYPE|ENTITY)\b/i;

/**
 * The XML 1.0 well-formedness constraints fast-xml-parser's validator lets through (characters outside Char, undeclared
 * entities and bad character references, '<' in an attribute value, ']]>' in text, '--' in a comment …), checked by saxes,
 * a parser written to the XML 1.0 specification and tested against the W3C conformance suite. Run after the validator, on a
 * document it accepted; the first error, with its line and column.
 */
const HINTS: Record<string, string> = {
  'undefined entity': 'only &lt; &gt; &amp; &apos; &quot; and character references are defined; write a literal & as &amp;',
  'disallowed character': "XML 1.0 forbids control characters other than tab and line breaks, U+FFFE, U+FFFF and '<' in an attribute value",
  'malformed character entity': 'a character reference (&#…; or &#x…;) must name a character XML 1.0 allows',
  'malformed comment': "'--' is not allowed inside a comment",
};

function wellFormednessError(xml: string): { message: string; line: number; column: number } | undefined {
  const parser = new (saxes().SaxesParser)({ xmlns: false });
  let first: { message: string; line: number; column: number } | undefined;
  parser.on('error', (error) => {
    const message = error.message.replace(/^\d+:\d+: /, '').replace(/\.$/, '');
    first ??= { message: HINTS[message] ? `${message} (${HINTS[message]})` : message, line: parser.line, column: parser.column };
  });
  parser.write(xml).close();
  return first;
}

export default defineTool({
  module: 'developer-apis',
  slug: 'xml-formatter',
  cpu: 'large-input',
  title: 'XML formatter / minifier',
  description:
    'Pretty-prints XML with a chosen indent (or minifies it), keeping comments, CDATA, processing instructions and xml:space="preserve" content. ' +
    'The document is checked first: unclosed or mismatched tags, bad attributes and multiple root elements are a 400 with line and column. ' +
    'For safety DOCTYPE and ENTITY declarations are refused (no XXE, no entity-expansion bombs); entities are never expanded.',
  keywords: ['xml', 'format', 'pretty print', 'beautify', 'minify', 'indent', 'validate xml'],
  input: () =>
    z.object({
      xml: sourceField('The XML document', 300_000),
      indent: indentField.optional(),
      mode: z.enum(['format', 'minify']).optional().describe('format (default) or minify'),
      collapseContent: z.boolean().optional().describe('Keep an element with only text on one line. Default true.'),
      keepComments: z.boolean().optional().describe('Keep <!-- comments -->. Default true.'),
    }),
  output: () =>
    z.object({
      formatted: z.string(),
      rootElement: z.string().describe('Name of the root element'),
      lines: z.number(),
      sizes: sizeStatsSchema,
    }),
  examples: [
    {
      title: 'pretty-print',
      input: { xml: '<?xml version="1.0"?><catalog><book id="b1"><title>XML &amp; You</title><price>9.99</price></book><!-- more --></catalog>' },
      output: {
        formatted:
          '<?xml version="1.0"?>\n<catalog>\n  <book id="b1">\n    <title>XML &amp; You</title>\n    <price>9.99</price>\n  </book>\n  <!-- more -->\n</catalog>',
        rootElement: 'catalog',
        lines: 8,
        sizes: { originalBytes: 121, outputBytes: 142, savedBytes: -21, savedPercent: -17.36 },
      },
    },
    {
      title: 'minify without comments',
      input: { xml: '<a>\n  <b x="1">text</b>\n  <!-- note -->\n  <c/>\n</a>', mode: 'minify', keepComments: false },
      output: {
        formatted: '<a><b x="1">text</b><c/></a>',
        rootElement: 'a',
        lines: 1,
        sizes: { originalBytes: 51, outputBytes: 28, savedBytes: 23, savedPercent: 45.1 },
      },
    },
  ],
  run: ({ xml, indent, mode = 'format', collapseContent = true, keepComments = true }) => {
    if (DOCTYPE.test(xml))
      throw invalidField(
        'xml',
        'DOCTYPE and ENTITY declarations are not accepted (protection against XXE and entity-expansion attacks); remove the <!DOCTYPE …> block',
      );
    const checked = fastXmlParser().XMLValidator.validate(xml, { allowBooleanAttributes: true });
    if (checked !== true) throw syntaxError('xml', checked.err.msg, { line: checked.err.line, column: checked.err.col });
    const problem = wellFormednessError(xml);
    if (problem) throw syntaxError('xml', `not well-formed: ${problem.message}`, { line: problem.line, column: problem.column });
    let formatted: string;
    try {
      const options = {
        indentation: indentString(indent),
        collapseContent,
        filter: keepComments ? undefined : (node: { type: string }) => node.type !== 'Comment',
        lineSeparator: '\n',
        whiteSpaceAtEndOfSelfclosingTag: false,
      };
      formatted = mode === 'minify' ? xmlFormat().minify(xml, { ...options, collapseContent: true }) : xmlFormat()(xml, options);
    } catch (error) {
      if (isStackOverflow(error)) throw tooDeep('xml');
      throw invalidField('xml', `not well-formed: ${messageOf(error)}`);
    }
    const root = /<([A-Za-z_][\w.:-]*)/.exec(formatted.replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->/g, ''));
    return {
      formatted,
      rootElement: root?.[1] ?? '',
      lines: formatted.split('\n').length,
      sizes: sizeStats(xml, formatted),
    };
  },
});
