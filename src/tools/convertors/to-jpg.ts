import { booleanField } from '../../registry/fields.ts';
import { imageConversionTool } from './lib/images.ts';
import { background, keepMetadata, quality } from './lib/format-fields.ts';

export default imageConversionTool({
  slug: 'to-jpg',
  target: 'jpg',
  title: 'Convert image to JPG',
  description:
    'Converts an image to JPEG with mozjpeg (sharp/libvips): EXIF orientation applied to the pixels, transparency flattened onto a background colour (white by default), ' +
    'progressive by default, metadata (EXIF, GPS) stripped unless keepMetadata. Animated inputs keep their first frame.',
  keywords: ['jpg', 'jpeg', 'convert to jpg', 'png to jpg', 'heic to jpg', 'webp to jpg', 'image'],
  fields: () => ({
    quality: quality(90, 'JPEG quality'),
    background,
    progressive: booleanField(true, 'Progressive JPEG (loads blurry-to-sharp on the web; default true)'),
    keepMetadata,
  }),
  encode: (p, o) => p.flatten({ background: o.background }).jpeg({ quality: o.quality, progressive: o.progressive, mozjpeg: true }),
  examples: [
    { title: 'PNG to JPG', input: {}, upload: { fileName: 'photo.png' } },
    { title: 'smaller JPG on a black background', input: { quality: 70, background: '#000000' }, upload: { fileName: 'logo.webp' } },
    { title: 'iPhone HEIC to JPG, keeping EXIF', input: { keepMetadata: true }, upload: { fileName: 'IMG_0001.heic' } },
  ],
});
