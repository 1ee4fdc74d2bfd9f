import { defineConverter } from './converter.ts';

export default defineConverter({
  measure: 'reactiveEnergy',
  slug: 'reactive-energy-converter',
  title: 'Reactive energy converter',
  description: 'Converts reactive energy between VARh, mVARh, kVARh, MVARh and GVARh (meter readings and utility bills).',
  keywords: ['reactive energy', 'varh', 'kvarh', 'mvarh', 'meter reading'],
  allowNegative: true,
  examples: [
    { title: 'MVARh to kVARh', input: { value: 1, from: 'MVARh', to: 'kVARh' }, result: 1000 },
    { title: 'VARh to kVARh', input: { value: 500, from: 'varh', to: 'kvarh' }, result: 0.5 },
  ],
});
