import { defineConverter } from './converter.ts';

export default defineConverter({
  measure: 'energy',
  slug: 'energy-converter',
  title: 'Energy converter',
  description:
    'Converts energy between J, kJ, MJ, GJ, Ws, Wm, Wh, mWh, kWh, MWh, GWh, cal, kcal (thermochemical, 4.184 J), Btu (International Table), ft·lbf, erg and eV.',
  keywords: ['energy', 'joules', 'kwh', 'calories', 'btu', 'electronvolt'],
  allowNegative: true,
  examples: [
    { title: 'kilowatt-hour in joules', input: { value: 1, from: 'kWh', to: 'J' }, result: 3600000 },
    { title: 'kilocalorie in kilojoules', input: { value: 1, from: 'kcal', to: 'kJ' }, result: 4.184 },
    { title: 'Btu in joules', input: { value: 1, from: 'BTU', to: 'J' }, result: 1055.05585262 },
  ],
});
