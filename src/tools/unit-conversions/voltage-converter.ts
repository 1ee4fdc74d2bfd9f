import { defineConverter } from './converter.ts';

export default defineConverter({
  measure: 'voltage',
  slug: 'voltage-converter',
  title: 'Voltage converter',
  description: 'Converts electric potential between V, μV, mV, kV and MV.',
  keywords: ['voltage', 'volts', 'millivolts', 'kilovolts', 'electric potential'],
  allowNegative: true,
  examples: [
    { title: 'volts to kilovolts', input: { value: 230, from: 'V', to: 'kV' }, result: 0.23 },
    { title: 'millivolts to microvolts', input: { value: 5, from: 'mV', to: 'µV' }, result: 5000 },
  ],
});
