import { defineConverter } from './converter.ts';

export default defineConverter({
  measure: 'partsPer',
  slug: 'parts-per-converter',
  title: 'Parts-per converter',
  description: 'Converts concentrations and ratios between percent, per mille, parts per million (ppm), billion (ppb), trillion (ppt) and quadrillion (ppq).',
  keywords: ['parts per million', 'ppm', 'ppb', 'percent', 'concentration', 'ppt'],
  examples: [
    { title: 'one percent is 10,000 ppm', input: { value: 1, from: '%', to: 'ppm' }, result: 10000 },
    { title: 'ppb to ppm', input: { value: 250, from: 'ppb', to: 'ppm' }, result: 0.25 },
    { title: 'ppm to percent', input: { value: 5, from: 'ppm', to: 'percent' }, result: 0.0005 },
  ],
});
