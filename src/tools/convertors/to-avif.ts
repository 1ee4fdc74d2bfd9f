import { imageConversionTool } from './lib/images.ts';
import { effort, keepMetadata, lossless, quality } from './lib/format-fields.ts';

export default imageConversionTool({
  slug: 'to-avif',
  target: 'avif',
  title: 'Convert image to AVIF',
  description:
    'Converts an image to AVIF (AV1 in HEIF, sharp/libvips with libaom): quality 50 by default — about half the size of JPEG at similar quality — lossless on request, ' +
    'transparency kept. EXIF orientation applied; metadata stripped unless keepMetadata. Animated inputs keep their first frame.',
  keywords: ['avif', 'convert to avif', 'jpg to avif', 'png to avif', 'av1', 'next-gen image'],
  fields: () => ({ quality: quality(50, 'AVIF quality'), lossless, effort: effort(0, 9, 4), keepMetadata }),
  encode: (p, o) => p.avif({ quality: o.quality, lossless: o.lossless, effort: o.effort }),
  examples: [
    { title: 'JPG to AVIF', input: {}, upload: { fileName: 'photo.jpg' } },
    { title: 'higher-quality AVIF', input: { quality: 70, effort: 6 }, upload: { fileName: 'banner.png' } },
  ],
});
