import { defineConverter } from './converter.ts';

export default defineConverter({
  measure: 'volumeFlowRate',
  slug: 'volume-flow-rate-converter',
  title: 'Volume flow rate converter',
  description:
    'Converts volume flow rates between metric units (ml/s, l/min, m³/h…) and US customary units (gal/min, ft³/min, in³/s…); gpm, cfm and lpm are accepted.',
  keywords: ['flow rate', 'volume flow', 'gpm', 'cfm', 'litres per minute', 'm3/h'],
  examples: [
    { title: 'm³/s to litres per second', input: { value: 1, from: 'm3/s', to: 'l/s' }, result: 1000 },
    { title: 'a gallon per minute in litres per minute', input: { value: 1, from: 'gpm', to: 'l/min' }, result: 3.785411784 },
    { title: '100 cfm in m³/h', input: { value: 100, from: 'cfm', to: 'm³/h' }, result: 169.901079552 },
  ],
});
