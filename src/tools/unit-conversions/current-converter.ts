import { defineConverter } from './converter.ts';

export default defineConverter({
  measure: 'current',
  slug: 'current-converter',
  title: 'Electric current converter',
  description: 'Converts electric current between A, μA, mA, kA and MA (µA with the micro sign and uA are accepted).',
  keywords: ['current', 'amperes', 'milliamps', 'amps to milliamps', 'electric current'],
  allowNegative: true,
  examples: [
    { title: 'milliamperes to amperes', input: { value: 1500, from: 'mA', to: 'A' }, result: 1.5 },
    { title: 'microamperes typed as uA', input: { value: 250, from: 'uA', to: 'milliampere' }, result: 0.25 },
    { title: 'two amperes in every unit', input: { value: 2, from: 'ampere' }, results: { A: 2, μA: 2000000, mA: 2000, kA: 0.002, MA: 0.000002 } },
  ],
});
