import { imageConversionTool } from './lib/images.ts';
import { keepMetadata, quality, tiffCompression } from './lib/format-fields.ts';

export default imageConversionTool({
  slug: 'to-tiff',
  target: 'tiff',
  title: 'Convert image to TIFF',
  description:
    'Converts an image to TIFF (sharp/libvips, libtiff) for print and archiving: LZW-compressed and lossless by default (deflate, JPEG-in-TIFF or uncompressed on request), ' +
    'transparency kept. EXIF orientation applied; metadata stripped unless keepMetadata.',
  keywords: ['tiff', 'tif', 'convert to tiff', 'print', 'archive', 'lossless'],
  fields: () => ({ compression: tiffCompression, quality: quality(90, 'JPEG quality when compression is jpeg'), keepMetadata }),
  encode: (p, o) =>
    p.tiff({
      compression: o.compression,
      quality: o.quality,
      ...(o.compression === 'lzw' || o.compression === 'deflate' ? { predictor: 'horizontal' as const } : {}),
    }),
  examples: [
    { title: 'PNG to TIFF', input: {}, upload: { fileName: 'scan.png' } },
    { title: 'deflate-compressed TIFF', input: { compression: 'deflate' }, upload: { fileName: 'photo.jpg' } },
  ],
});
