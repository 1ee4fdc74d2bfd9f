import { defineConverter } from './converter.ts';

export default defineConverter({
  measure: 'volume',
  slug: 'volume-converter',
  title: 'Volume converter',
  description:
    'Converts volumes and capacities between metric units (mm³, ml, l, m³…), US customary units (tsp, tbsp, fl oz, cup, pint, quart, gallon, in³, ft³) and British imperial units (imperial gallon, pint, fluid ounce). gal is the US gallon (3.785411784 l); gal-imp is the UK gallon (4.54609 l).',
  keywords: ['volume', 'capacity', 'litres to gallons', 'ml to oz', 'cups', 'cubic metres'],
  examples: [
    { title: 'US gallon to litres', input: { value: 1, from: 'gal', to: 'l' }, result: 3.785411784 },
    { title: 'UK imperial gallon to litres', input: { value: 1, from: 'gal-imp', to: 'L' }, result: 4.54609 },
    { title: 'cubic metre to litres', input: { value: 1, from: 'm3', to: 'l' }, result: 1000 },
  ],
});
