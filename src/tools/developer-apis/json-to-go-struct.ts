import { z } from 'zod';
import { defineTool } from '../../registry/define-tool.ts';
import { codegenJsonField, codegenOutput, declaredNames, generateTypes, sampleText, typeNameField } from './lib/codegen.ts';

export default defineTool({
  module: 'developer-apis',
  slug: 'json-to-go-struct',
  cpu: 'always',
  title: 'JSON to Go struct',
  description:
    'Generates Go struct definitions with json tags from a sample JSON document (quicktype): nested objects become named structs, integers become int64 and fractions float64, ' +
    'keys missing from some array items become pointer fields with omitempty, null becomes interface{}. Mixed-type arrays need union helper methods: set includeHelpers to get them ' +
    '(plus Unmarshal/Marshal functions); without it a warning says so. Optionally a package clause and omitempty on every field.',
  keywords: ['json to go', 'golang struct', 'go struct', 'json tags', 'quicktype', 'codegen'],
  input: () =>
    z.object({
      json: codegenJsonField,
      typeName: typeNameField('Root'),
      packageName: z
        .string()
        .max(64)
        .regex(/^[a-z_][a-z0-9_]*$/, 'a Go package name: lowercase letters, digits and _')
        .optional()
        .describe('Add "package <name>" at the top. Default: no package clause (includeHelpers implies package main).'),
      omitEmpty: z.boolean().optional().describe('Add ,omitempty to every json tag. Default false (only to optional fields).'),
      includeHelpers: z
        .boolean()
        .optional()
        .describe('Also emit Unmarshal<Type>/Marshal functions and the UnmarshalJSON/MarshalJSON methods that union types need. Default false.'),
    }),
  output: () => codegenOutput,
  examples: [
    {
      title: 'nested struct, optional pointer field',
      input: {
        json: { id: 1, name: 'Ada', score: 9.5, tags: ['x'], address: { city: 'London' }, orders: [{ sku: 'A1' }, { sku: 'B2', gift: true }] },
        typeName: 'User',
        packageName: 'models',
      },
      output: {
        code:
          'package models\n\n' +
          'type User struct {\n\tID      int64    `json:"id"`\n\tName    string   `json:"name"`\n\tScore   float64  `json:"score"`\n\tTags    []string `json:"tags"`\n\tAddress Address  `json:"address"`\n\tOrders  []Order  `json:"orders"`\n}\n\n' +
          'type Address struct {\n\tCity string `json:"city"`\n}\n\n' +
          'type Order struct {\n\tSku  string `json:"sku"`\n\tGift *bool  `json:"gift,omitempty"`\n}\n',
        typeName: 'User',
        types: ['User', 'Address', 'Order'],
        lines: 19,
      },
    },
    {
      title: 'JSON text, top-level array, omitempty everywhere',
      input: { json: '[{"lat": 51.5, "lng": -0.12, "label": "London"}]', typeName: 'Places', omitEmpty: true },
      output: {
        code:
          'type Places []Place\n\n' +
          'type Place struct {\n\tLat   float64 `json:"lat,omitempty"`\n\tLng   float64 `json:"lng,omitempty"`\n\tLabel string  `json:"label,omitempty"`\n}\n',
        typeName: 'Places',
        types: ['Places', 'Place'],
        lines: 7,
      },
    },
  ],
  run: async ({ json, typeName = 'Root', packageName, omitEmpty, includeHelpers }, ctx) => {
    const sample = sampleText(json);
    const base: Record<string, string> = { 'omit-empty': omitEmpty ? 'true' : 'false' };
    const full = await generateTypes({ language: 'go', typeName, sample, rendererOptions: { ...base, package: packageName ?? 'main' }, leadingComments: [] });
    const needsHelpers = /^func \(x \*\w+\) UnmarshalJSON/m.test(full);
    let code = full;
    if (!includeHelpers) {
      const mode: Record<string, string> = packageName ? { 'just-types-and-package': 'true', package: packageName } : { 'just-types': 'true' };
      code = await generateTypes({ language: 'go', typeName, sample, rendererOptions: { ...base, ...mode } });
      if (needsHelpers)
        ctx.warn(
          'Some fields mix JSON types (e.g. numbers and strings in one array); their union structs need UnmarshalJSON/MarshalJSON methods — set includeHelpers: true to get them.',
        );
    }
    // quicktype's omit-empty covers optional fields only; the option promises every field.
    if (omitEmpty) code = code.replace(/`json:"([^",`]*)"`/g, '`json:"$1,omitempty"`');
    return {
      code,
      typeName,
      types: declaredNames(code, /^type ([A-Za-z_]\w*)/gm),
      lines: code.trimEnd().split('\n').length,
    };
  },
});
