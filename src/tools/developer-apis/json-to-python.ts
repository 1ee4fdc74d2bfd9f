import { z } from 'zod';
import { defineTool } from '../../registry/define-tool.ts';
import { codegenJsonField, codegenOutput, declaredNames, generateTypes, sampleText, typeNameField, withTopLevelArray } from './lib/codegen.ts';

export default defineTool({
  module: 'developer-apis',
  slug: 'json-to-python',
  cpu: 'always',
  title: 'JSON to Python dataclasses / Pydantic models',
  description:
    'Generates typed Python classes from a sample JSON document (quicktype): @dataclass classes (default) or Pydantic BaseModel classes, nested objects as their own classes, ' +
    'keys missing from some array items as Optional fields with a None default, mixed arrays as unions. Choose the Python syntax level (3.10: "int | None" and list[str]; 3.9: Optional[int] and list[str]; 3.7: Optional[int] and List[str]). ' +
    'With includeHelpers, dataclasses also get from_dict/to_dict converters with type checks.',
  keywords: ['json to python', 'dataclass', 'pydantic', 'python types', 'typed dict', 'quicktype', 'codegen'],
  input: () =>
    z.object({
      json: codegenJsonField,
      typeName: typeNameField('Root'),
      style: z.enum(['dataclass', 'pydantic']).optional().describe('dataclass (default) or pydantic (BaseModel)'),
      pythonVersion: z.enum(['3.7', '3.9', '3.10']).optional().describe('Syntax level of the annotations. Default 3.10.'),
      includeHelpers: z.boolean().optional().describe('dataclass only: add from_dict/to_dict methods and helper functions. Default false.'),
    }),
  output: () => codegenOutput,
  examples: [
    {
      title: 'dataclasses with nested and optional fields',
      input: {
        json: {
          id: 1,
          name: 'Ada',
          address: { city: 'London' },
          orders: [
            { sku: 'A1', qty: 2 },
            { sku: 'B2', qty: 1, gift: true },
          ],
        },
        typeName: 'User',
      },
      output: {
        code:
          'from dataclasses import dataclass\n\n\n' +
          '@dataclass\nclass Address:\n    city: str\n\n\n' +
          '@dataclass\nclass Order:\n    sku: str\n    qty: int\n    gift: bool | None = None\n\n\n' +
          '@dataclass\nclass User:\n    id: int\n    name: str\n    address: Address\n    orders: list[Order]\n',
        typeName: 'User',
        types: ['Address', 'Order', 'User'],
        lines: 21,
      },
    },
    {
      title: 'Pydantic models for Python 3.9',
      input: { json: '{"title": "Post", "score": 4.5, "tags": ["a", "b"], "draft": null}', style: 'pydantic', pythonVersion: '3.9', typeName: 'Post' },
      output: {
        code:
          'from pydantic import BaseModel\n\n\n' + 'class Post(BaseModel):\n    title: str\n    score: float\n    tags: list[str]\n    draft: None = None\n',
        typeName: 'Post',
        types: ['Post'],
        lines: 8,
      },
    },
  ],
  run: async ({ json, typeName = 'Root', style = 'dataclass', pythonVersion = '3.10', includeHelpers }, ctx) => {
    if (includeHelpers && style === 'pydantic')
      ctx.warn('includeHelpers applies to dataclasses only; Pydantic models validate and serialise themselves (model_validate / model_dump).');
    const helpers = Boolean(includeHelpers) && style === 'dataclass';
    const rendererOptions: Record<string, string> = {
      'python-version': pythonVersion,
      'just-types': helpers ? 'false' : 'true',
      'pydantic-base-model': style === 'pydantic' ? 'true' : 'false',
      'nice-property-names': 'true',
    };
    const sample = sampleText(json);
    const code = withTopLevelArray('python', typeName, sample, await generateTypes({ language: 'python', typeName, sample, rendererOptions }), pythonVersion);
    return {
      code,
      typeName,
      types: declaredNames(code, /^(?:class ([A-Za-z_]\w*)|([A-Za-z_]\w*) = (?:list|List)\[)/gm),
      lines: code.trimEnd().split('\n').length,
    };
  },
});
