import { z } from 'zod';
import { defineTool } from '../../registry/define-tool.ts';
import { codegenJsonField, codegenOutput, declaredNames, generateTypes, sampleText, typeNameField, withTopLevelArray } from './lib/codegen.ts';

export default defineTool({
  module: 'developer-apis',
  slug: 'json-to-typescript',
  cpu: 'always',
  title: 'JSON to TypeScript types',
  description:
    'Generates TypeScript interfaces (or type aliases) from a sample JSON document with quicktype: nested objects become named types, arrays of differently shaped objects merge into one type whose missing keys are optional, ' +
    'mixed arrays become unions, null becomes null. With runtimeChecks the output also contains a Convert helper that validates JSON against the types at runtime. Strings are typed as string (no date/enum guessing). ' +
    'For a top-level array of objects, typeName names the item type (the array is typeName[]); an array of scalars becomes `type <typeName> = number[]` (or its item union).',
  keywords: ['json to typescript', 'typescript interface', 'types from json', 'quicktype', 'json schema', 'codegen'],
  input: () =>
    z.object({
      json: codegenJsonField,
      typeName: typeNameField('Root'),
      declaration: z.enum(['interface', 'type']).optional().describe('interface (default) or type aliases'),
      readonly: z.boolean().optional().describe('Mark every property readonly. Default false.'),
      runtimeChecks: z.boolean().optional().describe('Add a Convert class with runtime validation (toX / xToJson). Default false: types only.'),
    }),
  output: () => codegenOutput,
  examples: [
    {
      title: 'nested object and array of mixed objects',
      input: {
        json: {
          id: 1,
          name: 'Ada',
          tags: ['admin'],
          address: { city: 'London', zip: null },
          orders: [
            { sku: 'A1', qty: 2 },
            { sku: 'B2', qty: 1, gift: true },
          ],
        },
        typeName: 'User',
      },
      output: {
        code:
          'export interface User {\n    id:      number;\n    name:    string;\n    tags:    string[];\n    address: Address;\n    orders:  Order[];\n}\n\n' +
          'export interface Address {\n    city: string;\n    zip:  null;\n}\n\n' +
          'export interface Order {\n    sku:   string;\n    qty:   number;\n    gift?: boolean;\n}\n',
        typeName: 'User',
        types: ['User', 'Address', 'Order'],
        lines: 18,
      },
    },
    {
      title: 'type aliases, readonly, from JSON text with a mixed array',
      input: { json: '{"point": {"x": 1.5, "y": 2}, "values": [1, "two", null]}', declaration: 'type', readonly: true },
      output: {
        code:
          'export type Root = {\n    readonly point:  Point;\n    readonly values: Array<number | null | string>;\n}\n\n' +
          'export type Point = {\n    readonly x: number;\n    readonly y: number;\n}\n',
        typeName: 'Root',
        types: ['Root', 'Point'],
        lines: 9,
      },
    },
  ],
  run: async ({ json, typeName = 'Root', declaration, readonly, runtimeChecks }) => {
    const rendererOptions: Record<string, string> = {
      'just-types': runtimeChecks ? 'false' : 'true',
      'prefer-types': declaration === 'type' ? 'true' : 'false',
      readonly: readonly ? 'true' : 'false',
      'prefer-unions': 'true',
    };
    const sample = sampleText(json);
    const code = withTopLevelArray('typescript', typeName, sample, await generateTypes({ language: 'typescript', typeName, sample, rendererOptions }));
    return {
      code,
      typeName,
      types: declaredNames(code, /^export (?:interface|type) ([A-Za-z_$][\w$]*)/gm),
      lines: code.trimEnd().split('\n').length,
    };
  },
});
