import { z } from 'zod';
import { defineTool } from '../../registry/define-tool.ts';
import { FORMATTER_MAX_CHARS, formatterOutput, formatterResult, indentField, indentOptions, prettierFormat, printWidthField } from './lib/prettier.ts';
import { sourceField } from './lib/source.ts';

export default defineTool({
  module: 'developer-apis',
  slug: 'js-formatter',
  cpu: 'always',
  title: 'JavaScript / TypeScript formatter',
  description:
    'Formats (beautifies) JavaScript, JSX or TypeScript with Prettier: consistent indentation, quotes, semicolons and trailing commas, long expressions wrapped at printWidth. ' +
    'language "javascript" (default) uses Babel and accepts modern syntax and JSX; "typescript" accepts type annotations, interfaces and TSX. Syntax errors are a 400 with line and column.',
  keywords: ['javascript', 'js', 'typescript', 'jsx', 'format', 'beautify', 'pretty print', 'prettier', 'unminify'],
  input: () =>
    z.object({
      code: sourceField('The source code to format', FORMATTER_MAX_CHARS),
      language: z.enum(['javascript', 'typescript']).optional().describe('javascript (default, includes JSX) or typescript'),
      indent: indentField.optional(),
      printWidth: printWidthField,
      semicolons: z.boolean().optional().describe('End statements with semicolons. Default true.'),
      singleQuote: z.boolean().optional().describe('Prefer single quotes. Default false.'),
      trailingComma: z.enum(['all', 'es5', 'none']).optional().describe('Trailing commas in multi-line lists. Default all.'),
    }),
  output: () => formatterOutput,
  examples: [
    {
      title: 'unminify JavaScript',
      input: { code: 'function add(a,b){return a+b}const list=[1,2,3].map(n=>add(n,1));console.log(list)' },
      output: {
        formatted: 'function add(a, b) {\n  return a + b;\n}\nconst list = [1, 2, 3].map((n) => add(n, 1));\nconsole.log(list);\n',
        lines: 5,
        changed: true,
      },
    },
    {
      title: 'TypeScript without semicolons, single quotes',
      input: {
        code: 'interface User{name:string;age?:number}\nconst greet=(u:User):string=>"Hi "+u.name;',
        language: 'typescript',
        semicolons: false,
        singleQuote: true,
      },
      output: {
        formatted: "interface User {\n  name: string\n  age?: number\n}\nconst greet = (u: User): string => 'Hi ' + u.name\n",
        lines: 5,
        changed: true,
      },
    },
  ],
  run: async ({ code, language = 'javascript', indent, printWidth, semicolons, singleQuote, trailingComma }) => {
    const formatted = await prettierFormat('code', code, language === 'typescript' ? 'ts' : 'js', {
      parser: language === 'typescript' ? 'typescript' : 'babel',
      ...indentOptions(indent),
      printWidth: printWidth ?? 80,
      semi: semicolons ?? true,
      singleQuote: singleQuote ?? false,
      trailingComma: trailingComma ?? 'all',
    });
    return formatterResult(code, formatted);
  },
});
