import { defineConverter } from './converter.ts';

export default defineConverter({
  measure: 'pressure',
  slug: 'pressure-converter',
  title: 'Pressure converter',
  description:
    'Converts pressures between Pa, hPa, kPa, MPa, mbar, bar, atm, torr, mmHg, inHg, mH2O, kgf/cm², psi and ksi (psi from the exact pound-force and inch: 1 psi = 6.894757293168 kPa). Negative values (gauge vacuum) are allowed.',
  keywords: ['pressure', 'psi to bar', 'bar to psi', 'kpa', 'atmosphere', 'mmhg', 'tyre pressure'],
  allowNegative: true,
  examples: [
    { title: '1 psi in kPa', input: { value: 1, from: 'psi', to: 'kPa' }, result: 6.89475729317 },
    { title: 'standard atmosphere in psi', input: { value: 1, from: 'atm', to: 'psi' }, result: 14.6959487755 },
    { title: '760 torr is one atmosphere', input: { value: 760, from: 'torr', to: 'atm' }, result: 1 },
  ],
});
