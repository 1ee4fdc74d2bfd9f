import { imageConversionTool } from './lib/images.ts';
import { effort, keepMetadata, lossless, quality } from './lib/format-fields.ts';

export default imageConversionTool({
  slug: 'to-webp',
  target: 'webp',
  title: 'Convert image to WebP',
  description:
    'Converts an image to WebP (sharp/libvips, libwebp): lossy by default (quality 80), lossless on request, transparency kept, animated GIFs stay animated. ' +
    'EXIF orientation applied; metadata stripped unless keepMetadata. Typically 25–35 % smaller than JPEG at the same visual quality.',
  keywords: ['webp', 'convert to webp', 'png to webp', 'jpg to webp', 'gif to webp', 'optimize images', 'web performance'],
  fields: () => ({ quality: quality(80, 'WebP quality'), lossless, effort: effort(0, 6, 4), keepMetadata }),
  encode: (p, o) => p.webp({ quality: o.quality, lossless: o.lossless, effort: o.effort }),
  examples: [
    { title: 'PNG to WebP', input: {}, upload: { fileName: 'hero.png' } },
    { title: 'lossless WebP', input: { lossless: true }, upload: { fileName: 'diagram.png' } },
    { title: 'animated GIF to animated WebP', input: { quality: 70 }, upload: { fileName: 'spinner.gif' } },
  ],
});
