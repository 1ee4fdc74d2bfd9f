import { booleanField } from '../../registry/fields.ts';
import { imageConversionTool } from './lib/images.ts';
import { effort, keepMetadata } from './lib/format-fields.ts';

export default imageConversionTool({
  slug: 'to-png',
  target: 'png',
  title: 'Convert image to PNG',
  description:
    'Converts an image to lossless PNG (sharp/libvips), keeping transparency; EXIF orientation applied, metadata stripped unless keepMetadata. ' +
    'palette: true quantises to at most 256 colours (much smaller, like TinyPNG). SVG is rendered at its own size; animated inputs keep their first frame.',
  keywords: ['png', 'convert to png', 'jpg to png', 'svg to png', 'webp to png', 'heic to png', 'image'],
  fields: () => ({
    palette: booleanField(false, 'Quantise to an indexed palette of up to 256 colours (lossy, much smaller; default false)'),
    compressionLevel: effort(0, 9, 6),
    keepMetadata,
  }),
  encode: (p, o) => p.png({ palette: o.palette, compressionLevel: o.compressionLevel }),
  examples: [
    { title: 'JPG to PNG', input: {}, upload: { fileName: 'photo.jpg' } },
    { title: 'SVG to a palette PNG', input: { palette: true }, upload: { fileName: 'icon.svg' } },
  ],
});
