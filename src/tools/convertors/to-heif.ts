import { imageConversionTool } from './lib/images.ts';
import { keepMetadata, lossless, quality } from './lib/format-fields.ts';

export default imageConversionTool({
  slug: 'to-heif',
  target: 'heif',
  title: 'Convert image to HEIF',
  description:
    'Converts an image to HEIF (High Efficiency Image File Format) with AV1 coding (sharp/libvips with libaom) — the royalty-free HEIF codec, read by libheif, ' +
    'macOS 13+, iOS 16+, Android 12+ and Windows with the AV1 extension. For HEVC-coded .heic (the iPhone flavour) use convertors/to-heic.',
  keywords: ['heif', 'convert to heif', 'high efficiency image', 'jpg to heif', 'png to heif'],
  fields: () => ({ quality: quality(50, 'HEIF quality'), lossless, keepMetadata }),
  encode: (p, o) => p.heif({ compression: 'av1', quality: o.quality, lossless: o.lossless }),
  examples: [
    { title: 'JPG to HEIF', input: {}, upload: { fileName: 'photo.jpg' } },
    { title: 'lossless HEIF', input: { lossless: true }, upload: { fileName: 'scan.png' } },
  ],
});
