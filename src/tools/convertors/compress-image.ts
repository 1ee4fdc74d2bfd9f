import { z } from 'zod';
import { defineTool } from '../../registry/define-tool.ts';
import type { Sharp } from '../../engines/images/index.ts';
import { booleanField, wholeNumberField } from '../../registry/fields.ts';
import { copyInto, fileNameField, IMAGE_UPLOAD, imageResultSchema, kb, openUpload, prepared, storeImage, type TargetFormat } from './lib/images.ts';
import { keepMetadata, quality } from './lib/format-fields.ts';
import { outputName } from '../web/lib/text.ts';

/** Re-encoded in their own format; BMP becomes PNG (lossless), HEIC JPEG or HEIC (when the encoder is here), SVG goes to compress-svg. */
const COMPRESSIBLE = ['jpg', 'png', 'webp', 'avif', 'gif', 'tiff', 'bmp', 'heic'] as const;

const output = imageResultSchema.extend({
  originalBytes: z.number().int().nonnegative().describe('Size of the upload'),
  compressedBytes: z.number().int().nonnegative().describe('Size of the output'),
  savedBytes: z.number().int().describe('originalBytes − compressedBytes'),
  savedPercent: z.number().describe('Saving in percent of the original, 1 decimal'),
  quality: z.number().int().describe('Quality used'),
  unchanged: z.boolean().describe('True when re-encoding would not have made it smaller, so the original bytes are returned'),
});

export default defineTool({
  module: 'convertors',
  slug: 'compress-image',
  title: 'Compress image',
  description:
    'Makes an image file smaller in its own format (sharp/libvips): JPEG with mozjpeg, PNG quantised to a 256-colour palette with libimagequant (or lossless ' +
    'maximum deflate with lossless: true), WebP, AVIF, GIF and TIFF re-encoded; metadata (EXIF, GPS) stripped unless keepMetadata; optionally resized to fit ' +
    'maxWidth × maxHeight. Never returns a bigger file: if the result is not smaller, the original comes back with unchanged: true. The result and the warnings give ' +
    'the sizes before and after. BMP becomes PNG, HEIC becomes JPEG. For SVG use compress-svg. Upload the image in field "image".',
  keywords: ['compress image', 'optimize image', 'reduce file size', 'tinypng', 'shrink', 'jpeg', 'png', 'webp'],
  input: () =>
    z.object({
      quality: quality(75, 'Target quality (JPEG, WebP, AVIF, PNG palette)'),
      lossless: booleanField(false, 'Lossless only: PNG without palette quantisation, WebP lossless (default false)'),
      maxWidth: wholeNumberField(1, 20_000, 'Resize to at most this width, keeping the aspect ratio (never enlarges)').optional(),
      maxHeight: wholeNumberField(1, 20_000, 'Resize to at most this height, keeping the aspect ratio (never enlarges)').optional(),
      keepMetadata,
      fileName: fileNameField,
    }),
  output: () => output,
  response: 'file',
  upload: { ...IMAGE_UPLOAD, accept: COMPRESSIBLE },
  conversion: { from: COMPRESSIBLE, to: 'same format (smaller)', engines: ['images'] },
  timeoutMs: 90_000,
  examples: [
    { title: 'compress a photo', input: {}, upload: { fileName: 'photo.jpg' } },
    { title: 'stronger compression and a size cap', input: { quality: 60, maxWidth: 1920 }, upload: { fileName: 'screenshot.png' } },
    { title: 'lossless PNG optimisation', input: { lossless: true }, upload: { fileName: 'diagram.png' } },
  ],
  run: async (input, ctx) => {
    const kind = ctx.files.uploads[0]?.kind ?? 'jpg';
    const target: TargetFormat = kind === 'bmp' ? 'png' : kind === 'heic' ? 'jpg' : (kind as TargetFormat);
    const animated = target === 'gif' || target === 'webp';
    const { upload, image } = await openUpload(ctx, animated);
    let pipeline: Sharp = prepared(image, input.keepMetadata, animated);
    const resized = input.maxWidth !== undefined || input.maxHeight !== undefined;
    if (resized) pipeline = pipeline.resize({ width: input.maxWidth, height: input.maxHeight, fit: 'inside', withoutEnlargement: true });
    pipeline = encode(pipeline, target, input.quality, input.lossless);
    const result = await storeImage(ctx, pipeline, target, { upload, image, fileName: input.fileName });
    const originalBytes = upload.sizeBytes;
    let compressed = result;
    let unchanged = false;
    if (result.sizeBytes >= originalBytes && target === kind && !resized) {
      // Already tighter than we can make it: hand back the original bytes rather than a bigger file.
      unchanged = true;
      const original = await copyInto(ctx, upload.path, `original.${target}`);
      const stored = await ctx.files.put(original, { fileName: outputName(input.fileName, upload.fileName, result.format), mimeType: result.mimeType });
      compressed = { ...result, ...stored, width: image.width, height: image.height };
      ctx.warn(
        `Already well compressed: re-encoding gave ${kb(result.sizeBytes)}, not less than the original ${kb(originalBytes)}; the original is returned unchanged.`,
      );
    }
    const savedBytes = originalBytes - compressed.sizeBytes;
    const savedPercent = originalBytes > 0 ? Math.round((savedBytes / originalBytes) * 1000) / 10 : 0;
    if (!unchanged) ctx.warn(`Compressed ${kb(originalBytes)} → ${kb(compressed.sizeBytes)} (${savedPercent >= 0 ? '−' : '+'}${Math.abs(savedPercent)} %).`);
    if (kind !== target) ctx.warn(`${kind.toUpperCase()} cannot be written back here; the output is ${target.toUpperCase()}.`);
    return { ...compressed, originalBytes, compressedBytes: compressed.sizeBytes, savedBytes, savedPercent, quality: input.quality, unchanged };
  },
});

function encode(pipeline: Sharp, target: TargetFormat, q: number, lossless: boolean): Sharp {
  switch (target) {
    case 'jpg':
      return pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: q, mozjpeg: true });
    case 'png':
      return lossless
        ? pipeline.png({ compressionLevel: 9, effort: 10, adaptiveFiltering: true })
        : pipeline.png({ palette: true, quality: q, compressionLevel: 9, effort: 8 });
    case 'webp':
      return pipeline.webp(lossless ? { lossless: true, effort: 6 } : { quality: q, effort: 6, smartSubsample: true });
    case 'avif':
      return pipeline.avif({ quality: Math.max(1, Math.round(q * 0.65)), effort: 5 });
    case 'gif':
      return pipeline.gif({ effort: 10, colours: Math.max(16, Math.min(256, Math.round(2.56 * q))), interFrameMaxError: lossless ? 0 : 8 });
    case 'tiff':
      return pipeline.tiff({ compression: 'deflate', predictor: 'horizontal' });
    default:
      return pipeline.png({ compressionLevel: 9 });
  }
}
