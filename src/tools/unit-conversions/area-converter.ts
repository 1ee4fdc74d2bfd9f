import { defineConverter } from './converter.ts';

export default defineConverter({
  measure: 'area',
  slug: 'area-converter',
  title: 'Area converter',
  description:
    'Converts areas between metric units (mm² to km², are, hectare) and imperial/US units (in², ft², yd², acre, mi²); m², sq ft and m^2 spellings are accepted.',
  keywords: ['area', 'square metres', 'square feet', 'hectares to acres', 'acre', 'sq ft'],
  examples: [
    { title: 'hectare to square metres', input: { value: 1, from: 'ha', to: 'm2' }, result: 10000 },
    { title: 'an acre is 4046.8564224 m² exactly', input: { value: 1, from: 'acre', to: 'm²' }, result: 4046.8564224 },
    { title: 'square metre to square feet', input: { value: 1, from: 'm2', to: 'sq ft' }, result: 10.7639104167 },
  ],
});
