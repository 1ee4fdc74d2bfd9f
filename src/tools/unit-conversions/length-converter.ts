import { defineConverter } from './converter.ts';

export default defineConverter({
  measure: 'length',
  slug: 'length-converter',
  title: 'Length converter',
  description:
    'Converts lengths and distances between metric and imperial/US units, from nanometres to nautical miles (1 in = 25.4 mm and 1 ft = 0.3048 m exactly; negative values such as elevations are allowed).',
  keywords: ['length', 'distance', 'metres to feet', 'inches to cm', 'miles to km', 'nautical mile'],
  allowNegative: true,
  examples: [
    { title: 'kilometres to metres is exact', input: { value: 1, from: 'km', to: 'm' }, result: 1000 },
    { title: 'one foot is 0.3048 m (international foot)', input: { value: 1, from: 'ft', to: 'm' }, result: 0.3048 },
    { title: 'unit names are accepted: a marathon in km', input: { value: 26.2, from: 'miles', to: 'kilometre' }, result: 42.1648128 },
  ],
});
