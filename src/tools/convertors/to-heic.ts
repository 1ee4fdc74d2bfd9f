import { imageConversionTool } from './lib/images.ts';
import { keepMetadata, lossless, quality } from './lib/format-fields.ts';

export default imageConversionTool({
  slug: 'to-heic',
  target: 'heic',
  title: 'Convert image to HEIC',
  description:
    "Converts an image to HEIC (HEVC-coded HEIF, the iPhone photo format) with libheif's heif-enc and the x265 encoder. Needs the HEVC encoder on the server: " +
    'where it is missing this tool answers 501 engine_unavailable (it is then listed as unavailable in supported-conversions) — use to-heif (AV1) or to-avif instead. ' +
    'EXIF orientation applied to the pixels.',
  keywords: ['heic', 'convert to heic', 'hevc', 'iphone photo format', 'jpg to heic', 'png to heic'],
  fields: () => ({ quality: quality(50, 'HEIC quality'), lossless, keepMetadata }),
  encode: (p) => p,
  heic: (o) => ({ quality: o.quality, lossless: o.lossless }),
  examples: [
    { title: 'JPG to HEIC', input: {}, upload: { fileName: 'photo.jpg' } },
    { title: 'higher-quality HEIC', input: { quality: 80 }, upload: { fileName: 'photo.png' } },
  ],
});
