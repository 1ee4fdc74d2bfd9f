import { defineConverter } from './converter.ts';

export default defineConverter({
  measure: 'angle',
  slug: 'angle-converter',
  title: 'Angle converter',
  description: 'Converts plane angles between degrees, radians, milliradians, gradians (gon), arcminutes, arcseconds and turns.',
  keywords: ['angle', 'degrees to radians', 'radians', 'gradians', 'arcseconds', 'turns'],
  allowNegative: true,
  examples: [
    { title: '180 degrees is π radians', input: { value: 180, from: 'deg', to: 'rad' }, result: 3.14159265359 },
    { title: 'a radian in degrees', input: { value: 1, from: 'rad', to: '°' }, result: 57.2957795131 },
    { title: 'a full turn in gradians', input: { value: 1, from: 'turn', to: 'grad' }, result: 400 },
  ],
});
