import { defineConverter } from './converter.ts';

export default defineConverter({
  measure: 'pace',
  slug: 'pace-converter',
  title: 'Pace converter',
  description:
    'Converts running and walking pace between min/km, min/mi, s/km, s/mi, s/m and s/ft. Values may be given as clock times ("5:00" min/km) and results also come as m:ss.s clock times.',
  keywords: ['pace', 'running pace', 'min per km', 'min per mile', 'race pace', 'tempo'],
  clock: true,
  examples: [
    { title: '5:00 min/km is 8:02.8 min/mi', input: { value: '5:00', from: 'min/km', to: 'min/mi' }, result: 8.04672 },
    { title: '8:00 min/mi in min/km', input: { value: 8, from: 'min/mi', to: 'min/km' }, result: 4.9709695379 },
    { title: 'seconds per km to min per km', input: { value: 270, from: 's/km', to: 'min/km' }, result: 4.5 },
  ],
});
