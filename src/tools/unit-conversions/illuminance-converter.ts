import { defineConverter } from './converter.ts';

export default defineConverter({
  measure: 'illuminance',
  slug: 'illuminance-converter',
  title: 'Illuminance converter',
  description: 'Converts illuminance between lux (lx) and foot-candles (fc, ft-cd); 1 fc = 1 lm/ft² = 10.7639104167 lx.',
  keywords: ['illuminance', 'lux', 'foot-candle', 'light level', 'lighting'],
  examples: [
    { title: 'foot-candle to lux', input: { value: 1, from: 'fc', to: 'lx' }, result: 10.7639104167 },
    { title: '500 lux office lighting in foot-candles', input: { value: 500, from: 'lux', to: 'ft-cd' }, result: 46.45152 },
  ],
});
