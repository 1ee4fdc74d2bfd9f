import { z } from 'zod';
import { defineTool } from '../../registry/define-tool.ts';
import { bracketDepth, messageOf, sizeStats, sizeStatsSchema, sourceField, syntaxError, tooDeep } from './lib/source.ts';

/** Lightning CSS is native code: deep nesting overflows its stack and kills the process, so it is refused first. */
const MAX_CSS_DEPTH = 100;

interface LightningError {
  message?: string;
  loc?: { line: number; column: number };
}

export default defineTool({
  module: 'developer-apis',
  slug: 'css-minifier',
  cpu: 'always',
  title: 'CSS minifier',
  description:
    'Minifies CSS with Lightning CSS: removes whitespace and comments, shortens colours, numbers and units, merges longhands into shorthands and drops overridden declarations, ' +
    'while understanding modern CSS (nesting, @layer, @container, oklch(), media-query ranges) so nothing is silently lost. /*! license */ comments are kept unless removeLicenseComments is set. ' +
    'Returns the sizes before and after. Syntax it cannot parse is a 400 with line and column.',
  keywords: ['css', 'minify', 'compress', 'minifier', 'optimize css', 'lightningcss', 'stylesheet'],
  input: () =>
    z.object({
      css: sourceField('The CSS to minify'),
      removeLicenseComments: z.boolean().optional().describe('Also drop /*! … */ license comments. Default false.'),
    }),
  output: () =>
    z.object({
      css: z.string().describe('The minified CSS'),
      sizes: sizeStatsSchema,
    }),
  examples: [
    {
      title: 'shorthands, colours and units',
      input: {
        css: '/* header */\n.header {\n  margin-top: 0px;\n  margin-right: 0px;\n  margin-bottom: 0px;\n  margin-left: 0px;\n  color: #ff0000;\n  background-color: rgb(255, 255, 255);\n}\n',
      },
      output: { css: '.header{color:red;background-color:#fff;margin:0}', sizes: { originalBytes: 165, outputBytes: 49, savedBytes: 116, savedPercent: 70.3 } },
    },
    {
      title: 'modern CSS (nesting, @layer) survives; license comment kept',
      input: { css: '/*! MIT licensed */\n@layer base {\n  .card {\n    color: #333333;\n    &:hover { color: #000000; }\n  }\n}\n' },
      output: {
        css: '/*! MIT licensed */\n@layer base{.card{color:#333;&:hover{color:#000}}}',
        sizes: { originalBytes: 102, outputBytes: 70, savedBytes: 32, savedPercent: 31.37 },
      },
    },
  ],
  run: async ({ css, removeLicenseComments }) => {
    if (bracketDepth(css) > MAX_CSS_DEPTH) throw tooDeep('css', MAX_CSS_DEPTH);
    const { transform } = await import('lightningcss');
    let out: string;
    try {
      const bytes: Uint8Array = transform({ filename: 'input.css', code: Buffer.from(css, 'utf8'), minify: true, errorRecovery: false }).code;
      out = Buffer.from(bytes).toString('utf8');
    } catch (error) {
      const e = error as LightningError;
      throw syntaxError('css', e.message ?? messageOf(error), e.loc ? { line: e.loc.line, column: e.loc.column } : undefined);
    }
    if (removeLicenseComments) out = out.replace(/\/\*![\s\S]*?\*\/\n?/g, '');
    return { css: out, sizes: sizeStats(css, out) };
  },
});
