import { defineConverter } from './converter.ts';

export default defineConverter({
  measure: 'reactivePower',
  slug: 'reactive-power-converter',
  title: 'Reactive power converter',
  description: 'Converts reactive power between VAR, mVAR, kVAR, MVAR and GVAR (var spellings accepted; negative values for capacitive power are allowed).',
  keywords: ['reactive power', 'var', 'kvar', 'mvar', 'power factor correction'],
  allowNegative: true,
  examples: [
    { title: 'VAR to kVAR', input: { value: 1500, from: 'VAR', to: 'kVAR' }, result: 1.5 },
    { title: 'one kVAR in every unit', input: { value: 1, from: 'kvar' }, results: { VAR: 1000, mVAR: 1000000, kVAR: 1, MVAR: 0.001, GVAR: 0.000001 } },
  ],
});
