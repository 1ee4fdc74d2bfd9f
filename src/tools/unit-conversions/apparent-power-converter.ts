import { defineConverter } from './converter.ts';

export default defineConverter({
  measure: 'apparentPower',
  slug: 'apparent-power-converter',
  title: 'Apparent power converter',
  description: 'Converts apparent power between VA, mVA, kVA, MVA and GVA (transformer and UPS ratings).',
  keywords: ['apparent power', 'va', 'kva', 'mva', 'transformer rating', 'ups'],
  examples: [
    { title: 'kVA to VA', input: { value: 2.5, from: 'kVA', to: 'VA' }, result: 2500 },
    { title: 'MVA to kVA', input: { value: 1, from: 'MVA', to: 'kVA' }, result: 1000 },
  ],
});
