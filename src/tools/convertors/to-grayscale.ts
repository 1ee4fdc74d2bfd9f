import { z } from 'zod';
import { defineTool } from '../../registry/define-tool.ts';
import { IMAGE_INPUT_KINDS, type Sharp } from '../../engines/images/index.ts';
import { fileNameField, IMAGE_UPLOAD, imageResultSchema, openUpload, prepared, storeImage, type TargetFormat } from './lib/images.ts';
import { keepMetadata, quality } from './lib/format-fields.ts';

/** Formats written back as they came; the others (BMP, SVG, HEIC, HEIF/AVIF) become PNG unless asked. */
const SAME: Record<string, TargetFormat> = { jpg: 'jpg', png: 'png', webp: 'webp', gif: 'gif', tiff: 'tiff', avif: 'avif' };

export default defineTool({
  module: 'convertors',
  slug: 'to-grayscale',
  title: 'Convert image to grayscale',
  description:
    'Turns an image into grayscale (black and white) with sharp/libvips, using luminance (Rec. 709 coefficients in linear light, sRGB-encoded) so brightness looks right; transparency is kept. ' +
    'The output keeps the input format (JPEG, PNG, WebP, GIF, TIFF, AVIF; BMP, SVG and HEIC become PNG) unless format says otherwise. ' +
    'EXIF orientation applied; metadata stripped unless keepMetadata. Upload the image as multipart/form-data in field "image".',
  keywords: ['grayscale', 'greyscale', 'black and white', 'monochrome', 'desaturate', 'image filter'],
  input: () =>
    z.object({
      format: z.enum(['same', 'jpg', 'png', 'webp']).default('same').describe('Output format: same as the input (default), jpg, png or webp'),
      quality: quality(90, 'Quality for JPEG, WebP and AVIF output'),
      keepMetadata,
      fileName: fileNameField,
    }),
  output: () => imageResultSchema,
  response: 'file',
  upload: IMAGE_UPLOAD,
  conversion: { from: IMAGE_INPUT_KINDS, to: 'same format (grayscale)', engines: ['images'] },
  timeoutMs: 90_000,
  examples: [
    { title: 'a colour photo in black and white', input: {}, upload: { fileName: 'photo.jpg' } },
    { title: 'grayscale PNG from any input', input: { format: 'png' }, upload: { fileName: 'logo.svg' } },
  ],
  run: async (input, ctx) => {
    const kind = ctx.files.uploads[0]?.kind ?? 'png';
    const target: TargetFormat = input.format === 'same' ? (SAME[kind] ?? 'png') : input.format;
    const animated = target === 'gif' || target === 'webp';
    const { upload, image } = await openUpload(ctx, animated);
    let pipeline: Sharp = prepared(image, input.keepMetadata, animated).grayscale().toColourspace('b-w');
    pipeline = encodeAs(pipeline, target, input.quality);
    return storeImage(ctx, pipeline, target, { upload, image, fileName: input.fileName });
  },
});

function encodeAs(pipeline: Sharp, target: TargetFormat, q: number): Sharp {
  switch (target) {
    case 'jpg':
      return pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: q, mozjpeg: true });
    case 'webp':
      return pipeline.webp({ quality: q });
    case 'avif':
      return pipeline.avif({ quality: Math.round(q * 0.6) });
    case 'gif':
      return pipeline.gif();
    case 'tiff':
      return pipeline.tiff({ compression: 'lzw' });
    default:
      return pipeline.png();
  }
}
