import { z } from 'zod';
import { defineTool } from '../../registry/define-tool.ts';
import { codegenJsonField, codegenOutput, declaredNames, generateTypes, sampleText, typeNameField, withTopLevelArray } from './lib/codegen.ts';

export default defineTool({
  module: 'developer-apis',
  slug: 'json-to-zod',
  cpu: 'always',
  title: 'JSON to Zod schema',
  description:
    'Generates Zod schemas (with z.infer types) from a sample JSON document, using the same quicktype inference as json-to-typescript: each nested object becomes its own exported schema, declared before use; ' +
    'keys missing from some array items become .optional(); mixed arrays become z.union. The top-level schema is <typeName>Schema. Works with Zod 3 and 4.',
  keywords: ['json to zod', 'zod schema', 'zod', 'schema from json', 'validation schema', 'typescript'],
  input: () =>
    z.object({
      json: codegenJsonField,
      typeName: typeNameField('Root'),
    }),
  output: () => codegenOutput,
  examples: [
    {
      title: 'nested object and optional keys',
      input: { json: { id: 7, email: 'a@b.co', profile: { age: 30 }, roles: [{ name: 'admin' }, { name: 'dev', scope: 'api' }] }, typeName: 'Account' },
      output: {
        code:
          'import * as z from "zod";\n\n\n' +
          'export const ProfileSchema = z.object({\n    "age": z.number(),\n});\nexport type Profile = z.infer<typeof ProfileSchema>;\n\n' +
          'export const RoleSchema = z.object({\n    "name": z.string(),\n    "scope": z.string().optional(),\n});\nexport type Role = z.infer<typeof RoleSchema>;\n\n' +
          'export const AccountSchema = z.object({\n    "id": z.number(),\n    "email": z.string(),\n    "profile": ProfileSchema,\n    "roles": z.array(RoleSchema),\n});\nexport type Account = z.infer<typeof AccountSchema>;\n',
        typeName: 'Account',
        types: ['ProfileSchema', 'RoleSchema', 'AccountSchema'],
        lines: 21,
      },
    },
    {
      title: 'top-level array with nullable values',
      reference: 'the description (the top-level schema is <typeName>Schema); developer-apis.test.ts runs the generated code with zod',
      input: { json: '[{"sku": "A1", "price": 9.5, "note": null}, {"sku": "B2", "price": 3, "note": "gift"}]', typeName: 'Item' },
      output: {
        code:
          'import * as z from "zod";\n\n\n' +
          'export const ItemElementSchema = z.object({\n    "sku": z.string(),\n    "price": z.number(),\n    "note": z.union([z.null(), z.string()]),\n});\nexport type ItemElement = z.infer<typeof ItemElementSchema>;\n\n' +
          'export const ItemSchema = z.array(ItemElementSchema);\nexport type Item = z.infer<typeof ItemSchema>;\n',
        typeName: 'Item',
        // The description promises <typeName>Schema for the top level, here the array of items.
        types: ['ItemElementSchema', 'ItemSchema'],
        lines: 12,
      },
    },
  ],
  run: async ({ json, typeName = 'Root' }) => {
    const sample = sampleText(json);
    const code = withTopLevelArray(
      'typescript-zod',
      typeName,
      sample,
      await generateTypes({ language: 'typescript-zod', typeName, sample, rendererOptions: {} }),
    );
    return {
      code,
      typeName,
      types: declaredNames(code, /^export const ([A-Za-z_$][\w$]*)/gm),
      lines: code.trimEnd().split('\n').length,
    };
  },
});
