import { z } from 'zod';
import { defineTool } from '../../registry/define-tool.ts';
import { FORMATTER_MAX_CHARS, formatterOutput, formatterResult, indentField, indentOptions, prettierFormat, printWidthField } from './lib/prettier.ts';
import { sourceField } from './lib/source.ts';

export default defineTool({
  module: 'developer-apis',
  slug: 'html-formatter',
  cpu: 'always',
  title: 'HTML formatter',
  description:
    'Formats (beautifies) HTML with Prettier: consistent indentation, one element per line where whitespace allows, long attribute lists wrapped, and embedded <script> and <style> formatted as JavaScript and CSS. ' +
    'Whitespace sensitivity follows CSS display rules by default, so inline text is never changed visually. Unclosed or mismatched tags are a 400 with line and column.',
  keywords: ['html', 'format', 'beautify', 'pretty print', 'indent', 'prettier', 'html formatter'],
  input: () =>
    z.object({
      html: sourceField('The HTML to format', FORMATTER_MAX_CHARS),
      indent: indentField.optional(),
      printWidth: printWidthField,
      whitespaceSensitivity: z
        .enum(['css', 'strict', 'ignore'])
        .optional()
        .describe(
          "css (default): respect each element's display for inline whitespace; strict: treat all whitespace as significant; ignore: treat none as significant",
        ),
    }),
  output: () => formatterOutput,
  examples: [
    {
      title: 'nested markup with inline script and style',
      input: { html: '<div class="card"><h1>Title</h1><ul><li>One</li><li>Two</li></ul><script>const x={a:1}</script><style>p{color:red}</style></div>' },
      output: {
        formatted:
          '<div class="card">\n  <h1>Title</h1>\n  <ul>\n    <li>One</li>\n    <li>Two</li>\n  </ul>\n  <script>\n    const x = { a: 1 };\n  </script>\n  <style>\n    p {\n      color: red;\n    }\n  </style>\n</div>\n',
        lines: 15,
        changed: true,
      },
    },
    {
      title: 'full document with 4-space indent',
      input: { html: '<!DOCTYPE html><html><head><title>Hi</title></head><body><p>Hello <b>world</b></p></body></html>', indent: 4 },
      output: {
        formatted:
          '<!DOCTYPE html>\n<html>\n    <head>\n        <title>Hi</title>\n    </head>\n    <body>\n        <p>Hello <b>world</b></p>\n    </body>\n</html>\n',
        lines: 9,
        changed: true,
      },
    },
  ],
  run: async ({ html, indent, printWidth, whitespaceSensitivity }) => {
    const formatted = await prettierFormat('html', html, 'html', {
      parser: 'html',
      ...indentOptions(indent),
      printWidth: printWidth ?? 80,
      htmlWhitespaceSensitivity: whitespaceSensitivity ?? 'css',
    });
    return formatterResult(html, formatted);
  },
});
