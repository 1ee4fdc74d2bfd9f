import { defineConverter } from './converter.ts';

export default defineConverter({
  measure: 'frequency',
  slug: 'frequency-converter',
  title: 'Frequency converter',
  description: 'Converts frequencies between mHz, Hz, kHz, MHz, GHz, THz, rpm, deg/s and rad/s (angular frequency, 1 Hz = 2π rad/s).',
  keywords: ['frequency', 'hertz', 'rpm', 'khz', 'mhz', 'angular frequency'],
  examples: [
    { title: 'kHz to Hz', input: { value: 1, from: 'kHz', to: 'Hz' }, result: 1000 },
    { title: '3000 rpm is 50 Hz', input: { value: 3000, from: 'rpm', to: 'Hz' }, result: 50 },
    { title: '1 Hz in rad/s', input: { value: 1, from: 'Hz', to: 'rad/s' }, result: 6.28318530718 },
  ],
});
