import { z } from 'zod';
import { defineTool } from '../../registry/define-tool.ts';
import { FORMATTER_MAX_CHARS, formatterOutput, formatterResult, indentField, indentOptions, prettierFormat, printWidthField } from './lib/prettier.ts';
import { sourceField } from './lib/source.ts';

export default defineTool({
  module: 'developer-apis',
  slug: 'css-formatter',
  cpu: 'always',
  title: 'CSS / SCSS / Less formatter',
  description:
    'Formats (beautifies) CSS, SCSS or Less with Prettier: one selector and one declaration per line, consistent indentation and spacing, hex colours lower-cased, comments preserved. ' +
    'Syntax errors (unclosed blocks, stray braces) are a 400 with line and column.',
  keywords: ['css', 'scss', 'less', 'format', 'beautify', 'pretty print', 'prettier', 'stylesheet'],
  input: () =>
    z.object({
      css: sourceField('The stylesheet to format', FORMATTER_MAX_CHARS),
      syntax: z.enum(['css', 'scss', 'less']).optional().describe('Stylesheet language. Default css.'),
      indent: indentField.optional(),
      printWidth: printWidthField,
      singleQuote: z.boolean().optional().describe('Prefer single quotes in strings. Default false.'),
    }),
  output: () => formatterOutput,
  examples: [
    {
      title: 'minified CSS made readable',
      input: { css: 'a{color:red;background:#FFF}@media (max-width:600px){.nav,.menu{display:none}}' },
      output: {
        formatted: 'a {\n  color: red;\n  background: #fff;\n}\n@media (max-width: 600px) {\n  .nav,\n  .menu {\n    display: none;\n  }\n}\n',
        lines: 10,
        changed: true,
      },
    },
    {
      title: 'SCSS nesting and variables, tab indent',
      input: { css: '$c: #333;\n.card{ color:$c; &:hover{ color:darken($c,10%) } }', syntax: 'scss', indent: 'tab' },
      output: {
        formatted: '$c: #333;\n.card {\n\tcolor: $c;\n\t&:hover {\n\t\tcolor: darken($c, 10%);\n\t}\n}\n',
        lines: 7,
        changed: true,
      },
    },
  ],
  run: async ({ css, syntax = 'css', indent, printWidth, singleQuote }) => {
    const formatted = await prettierFormat('css', css, 'css', {
      parser: syntax,
      ...indentOptions(indent),
      printWidth: printWidth ?? 80,
      singleQuote: singleQuote ?? false,
    });
    return formatterResult(css, formatted);
  },
});
