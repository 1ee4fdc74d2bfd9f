import { defineConverter } from './converter.ts';

export default defineConverter({
  measure: 'speed',
  slug: 'speed-converter',
  title: 'Speed converter',
  description:
    'Converts speeds between m/s, km/h, mm/h, mph, knots, ft/s, ft/min and in/h (1 knot = 1.852 km/h exactly; negative values are velocities in the opposite direction).',
  keywords: ['speed', 'velocity', 'kph to mph', 'mph to km/h', 'knots', 'm/s'],
  allowNegative: true,
  examples: [
    { title: '100 km/h in mph', input: { value: 100, from: 'km/h', to: 'mph' }, result: 62.1371192237 },
    { title: 'a knot is 1.852 km/h', input: { value: 1, from: 'knot', to: 'kph' }, result: 1.852 },
    { title: 'metres per second to km/h', input: { value: 10, from: 'm/s', to: 'km/h' }, result: 36 },
  ],
});
