import { imageConversionTool } from './lib/images.ts';
import { effort } from './lib/format-fields.ts';
import { numberField, wholeNumberField } from '../../registry/fields.ts';

export default imageConversionTool({
  slug: 'to-gif',
  target: 'gif',
  title: 'Convert image to GIF',
  description:
    'Converts an image to GIF (sharp/libvips with cgif and libimagequant): colours quantised to a palette of up to 256, optional dithering; animated WebP stays animated. ' +
    'EXIF orientation applied. GIF has 1-bit transparency only, so soft edges become hard.',
  keywords: ['gif', 'convert to gif', 'webp to gif', 'png to gif', 'animated gif'],
  fields: () => ({
    colours: wholeNumberField(2, 256, 'Palette size (default 256)').default(256),
    dither: numberField(0, 1, 'Floyd–Steinberg dithering strength (default 1)').default(1),
    effort: effort(1, 10, 7),
  }),
  encode: (p, o) => p.gif({ colours: o.colours, dither: o.dither, effort: o.effort }),
  examples: [
    { title: 'PNG to GIF', input: {}, upload: { fileName: 'icon.png' } },
    { title: '16-colour GIF without dithering', input: { colours: 16, dither: 0 }, upload: { fileName: 'chart.png' } },
    { title: 'animated WebP to animated GIF', input: {}, upload: { fileName: 'sticker.webp' } },
  ],
});
