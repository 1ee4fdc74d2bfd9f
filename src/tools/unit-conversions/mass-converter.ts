import { defineConverter } from './converter.ts';

export default defineConverter({
  measure: 'mass',
  slug: 'mass-converter',
  title: 'Mass (weight) converter',
  description:
    'Converts masses and weights between metric units (µg to tonne) and imperial/US units (grain, ounce, pound, stone, short ton, long ton). t is the US short ton (2000 lb); use mt or "tonne" for the metric tonne.',
  keywords: ['mass', 'weight', 'kg to lb', 'pounds to kilograms', 'ounces to grams', 'stone'],
  examples: [
    { title: 'a pound is 0.45359237 kg exactly', input: { value: 1, from: 'lb', to: 'kg' }, result: 0.45359237 },
    { title: 'stone to kilograms', input: { value: 1, from: 'st', to: 'kg' }, result: 6.35029318 },
    { title: 'micrograms with the micro sign', input: { value: 2500, from: 'µg', to: 'mg' }, result: 2.5 },
  ],
});
