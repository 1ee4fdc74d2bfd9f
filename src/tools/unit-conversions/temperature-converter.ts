import { defineConverter } from './converter.ts';

export default defineConverter({
  measure: 'temperature',
  slug: 'temperature-converter',
  title: 'Temperature converter',
  description:
    'Converts temperatures between Celsius, Fahrenheit, Kelvin and Rankine with the correct offsets (0 °C = 32 °F = 273.15 K = 491.67 °R). Values below absolute zero are refused.',
  keywords: ['temperature', 'celsius to fahrenheit', 'fahrenheit to celsius', 'kelvin', 'rankine', 'degrees'],
  allowNegative: true,
  floor: { unit: 'K', value: '0', message: 'below absolute zero (0 K = -273.15 °C = -459.67 °F = 0 °R)' },
  examples: [
    { title: 'water boils at 212 °F', input: { value: 100, from: 'C', to: 'F' }, result: 212 },
    { title: '−40 is the same in Celsius and Fahrenheit', input: { value: -40, from: '°C', to: '°F' }, result: -40 },
    { title: 'freezing point in every scale', input: { value: 0, from: 'celsius' }, results: { C: 0, K: 273.15, F: 32, R: 491.67 } },
  ],
});
