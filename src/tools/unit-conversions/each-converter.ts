import { defineConverter } from './converter.ts';

export default defineConverter({
  measure: 'each',
  slug: 'each-converter',
  title: 'Count (each) converter',
  description:
    "Converts counts between each (single items) and counting units: dozen, baker's dozen, gross, great gross, score, ream, long hundred, trio, couple.",
  keywords: ['each', 'count', 'dozen', 'gross', 'pieces', 'score', 'ream'],
  examples: [
    { title: 'three dozen is 36 items', input: { value: 3, from: 'dozen', to: 'ea' }, result: 36 },
    { title: 'a gross is twelve dozen', input: { value: 1, from: 'gross', to: 'dz' }, result: 12 },
    {
      title: 'one gross in every counting unit',
      input: { value: 1, from: 'gros' },
      results: {
        ea: 144,
        dz: 12,
        'bk-doz': 11.0769230769,
        cp: 72,
        'doz-doz': 1,
        'gr-gr': 0.0833333333333,
        gros: 1,
        'half-dozen': 24,
        'long-hundred': 1.2,
        ream: 0.288,
        scores: 7.2,
        'sm-gr': 1.2,
        trio: 48,
      },
    },
  ],
});
