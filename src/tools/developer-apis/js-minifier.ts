import { z } from 'zod';
import { ToolError } from '../../core/errors.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { isStackOverflow, messageOf, sizeStats, sizeStatsSchema, sourceField, syntaxError, tooDeep } from './lib/source.ts';

interface TerserError {
  name?: string;
  message?: string;
  line?: number;
  col?: number;
}

export default defineTool({
  module: 'developer-apis',
  slug: 'js-minifier',
  cpu: 'always',
  title: 'JavaScript minifier',
  description:
    'Minifies JavaScript (ES2015–ES2024) with Terser: removes whitespace and comments, compresses expressions, drops dead code and shortens local variable names (mangling). ' +
    'module: true treats the code as an ES module (import/export, strict mode, top-level names may be mangled). /*! and @license comments are kept by default. ' +
    'Returns the sizes before and after. Syntax errors are a 400 with line and column. TypeScript or JSX must be compiled first.',
  keywords: ['javascript', 'js', 'minify', 'uglify', 'compress', 'terser', 'mangle', 'minifier'],
  input: () =>
    z.object({
      code: sourceField('The JavaScript to minify', 300_000),
      module: z.boolean().optional().describe('Parse as an ES module (import/export allowed). Default false (script).'),
      mangle: z.boolean().optional().describe('Shorten local variable and function names. Default true.'),
      compress: z.boolean().optional().describe('Apply compression transforms (dead-code removal, constant folding…). Default true.'),
      keepFunctionNames: z.boolean().optional().describe('Keep function and class names (for stack traces / Function.name). Default false.'),
      keepLicenseComments: z.boolean().optional().describe('Keep /*! … */ and @license/@preserve comments. Default true.'),
    }),
  output: () =>
    z.object({
      code: z.string().describe('The minified JavaScript'),
      sizes: sizeStatsSchema,
    }),
  timeoutMs: 20_000,
  examples: [
    {
      title: 'compress and mangle',
      input: { code: '// add two numbers\nfunction add(first, second) {\n  const total = first + second;\n  return total;\n}\nconsole.log(add(2, 3));\n' },
      output: {
        code: 'function add(d,n){return d+n}console.log(add(2,3));',
        sizes: { originalBytes: 123, outputBytes: 51, savedBytes: 72, savedPercent: 58.54 },
      },
    },
    {
      title: 'ES module; dead branch removed, license kept',
      input: {
        code: '/*! (c) Example, MIT */\nimport { api } from "./api.js";\nconst DEBUG = false;\nexport function load(id) {\n  if (DEBUG) { console.log("loading", id); }\n  return api.get("/items/" + id);\n}\n',
        module: true,
      },
      output: {
        code: '/*! (c) Example, MIT */\nimport{api as t}from"./api.js";export function load(o){return t.get("/items/"+o)}',
        sizes: { originalBytes: 185, outputBytes: 105, savedBytes: 80, savedPercent: 43.24 },
      },
    },
  ],
  run: async ({ code, module, mangle = true, compress = true, keepFunctionNames, keepLicenseComments = true }) => {
    const { minify } = await import('terser');
    let out: string | undefined;
    try {
      const result = await minify(code, {
        module: module ?? false,
        mangle: mangle ? { keep_fnames: keepFunctionNames ?? false, keep_classnames: keepFunctionNames ?? false } : false,
        compress: compress ? { keep_fnames: keepFunctionNames ?? false, keep_classnames: keepFunctionNames ?? false, passes: 2 } : false,
        format: { comments: keepLicenseComments ? 'some' : false },
        ecma: 2020,
      });
      out = result.code;
    } catch (error) {
      if (isStackOverflow(error)) throw tooDeep('code');
      const e = error as TerserError;
      if (e.line !== undefined) throw syntaxError('code', e.message ?? 'syntax error', { line: e.line, column: (e.col ?? 0) + 1 });
      throw new ToolError('unprocessable', `code: could not be minified (${messageOf(error).split('\n')[0]})`);
    }
    const minified = out ?? '';
    return { code: minified, sizes: sizeStats(code, minified) };
  },
});
