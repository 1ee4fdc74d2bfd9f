import { defineConverter } from './converter.ts';

export default defineConverter({
  measure: 'power',
  slug: 'power-converter',
  title: 'Power converter',
  description:
    'Converts power between W, mW, kW, MW, GW, metric horsepower (PS), mechanical horsepower (hp, 550 ft·lbf/s), ft·lbf/s, Btu/s and Btu/h. Symbols are case-sensitive: mW is a milliwatt, MW a megawatt.',
  keywords: ['power', 'watts', 'horsepower', 'kw to hp', 'btu/h', 'megawatt'],
  allowNegative: true,
  examples: [
    { title: 'mechanical horsepower in watts', input: { value: 1, from: 'hp', to: 'W' }, result: 745.699871582 },
    { title: 'a 12,000 Btu/h air conditioner in kW', input: { value: 12000, from: 'Btu/h', to: 'kW' }, result: 3.51685284207 },
    { title: 'megawatt to milliwatts (case matters)', input: { value: 1, from: 'MW', to: 'mW' }, result: 1000000000 },
  ],
});
