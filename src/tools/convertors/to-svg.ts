import { z } from 'zod';
import { ToolError } from '../../core/errors.ts';
import { fileResultSchema } from '../../files/result.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { IMAGE_INPUT_KINDS, imageError, imagesOf, type Sharp } from '../../engines/images/index.ts';
import { booleanField, wholeNumberField } from '../../registry/fields.ts';
import { outputName } from '../web/lib/text.ts';
import { colourField, fileNameField } from './lib/images.ts';
import { posterizeStops } from './lib/otsu.ts';
import { traceTask } from './lib/trace.ts';

/** Potrace.THRESHOLD_AUTO: an Otsu-style threshold from the histogram. */
const THRESHOLD_AUTO = -1;

export default defineTool({
  module: 'convertors',
  slug: 'to-svg',
  title: 'Convert image to SVG (vector tracing)',
  description:
    "Traces a raster image into real vector paths with Potrace (the `potrace` npm port of Peter Selinger's algorithm, GPL-2.0) — not a bitmap wrapped in SVG. " +
    'mode "trace" (default) gives one colour of filled shapes above a brightness threshold (logos, signatures, line art, scans); "posterize" stacks 2–8 ' +
    'grey levels for photos. The image is EXIF-rotated, flattened onto white and scaled to at most maxSize pixels on its longer side before tracing; the SVG keeps ' +
    'the original width and height. Upload the image in field "image".',
  keywords: ['svg', 'vectorize', 'trace', 'potrace', 'png to svg', 'jpg to svg', 'logo to vector', 'bitmap to vector'],
  input: () =>
    z.object({
      mode: z.enum(['trace', 'posterize']).default('trace').describe('trace: one colour, shapes above a threshold (default); posterize: several grey levels'),
      threshold: wholeNumberField(0, 255, 'Brightness cut-off: darker pixels become shapes (default: chosen automatically)').optional(),
      steps: wholeNumberField(2, 8, 'Grey levels for posterize (default 4)').default(4),
      color: colourField.default('#000000').describe('Fill colour of the traced shapes (default #000000)'),
      background: z
        .union([z.literal('transparent'), colourField])
        .default('transparent')
        .describe('Background: transparent (default) or a hex colour'),
      invert: booleanField(false, 'Trace the light areas instead of the dark ones (white-on-black artwork; default false)'),
      turdSize: wholeNumberField(0, 100, 'Ignore specks up to this many pixels (default 2)').default(2),
      maxSize: wholeNumberField(64, 3000, 'Longest side, in pixels, the image is scaled to before tracing (default 2000)').default(2000),
      fileName: fileNameField,
    }),
  output: () =>
    fileResultSchema.extend({
      width: z.number().int().describe('Width of the SVG (the original image width)'),
      height: z.number().int().describe('Height of the SVG'),
      paths: z.number().int().describe('Number of <path> elements'),
      tracedAt: z.object({ width: z.number().int(), height: z.number().int() }).describe('Size the bitmap was traced at'),
    }),
  response: 'file',
  upload: { field: 'image', aliases: ['file'], accept: IMAGE_INPUT_KINDS },
  conversion: { from: IMAGE_INPUT_KINDS, to: 'svg', engines: ['images'] },
  timeoutMs: 90_000,
  examples: [
    { title: 'trace a logo', input: {}, upload: { fileName: 'logo.png' } },
    { title: 'a signature in blue with a fixed threshold', input: { threshold: 140, color: '#1a3d8f', turdSize: 5 }, upload: { fileName: 'signature.jpg' } },
    { title: 'posterize a photo into 5 levels', input: { mode: 'posterize', steps: 5 }, upload: { fileName: 'portrait.jpg' } },
  ],
  run: async (input, ctx) => {
    const upload = ctx.files.uploads[0];
    if (!upload) throw new ToolError('validation_failed', 'image: is required; upload an image as multipart/form-data.');
    const image = await imagesOf(ctx).open(upload);
    let bitmap: Buffer;
    let traced: { width: number; height: number };
    let histogram: Float64Array | undefined;
    try {
      const grey = (): Sharp =>
        image
          .pipeline()
          .rotate()
          .flatten({ background: '#ffffff' })
          .resize({ width: input.maxSize, height: input.maxSize, fit: 'inside', withoutEnlargement: true })
          .greyscale();
      const { data, info } = await grey().png({ compressionLevel: 1 }).toBuffer({ resolveWithObject: true });
      bitmap = data;
      traced = { width: info.width, height: info.height };
      if (input.mode === 'posterize') {
        const raw = await grey().extractChannel(0).raw().toBuffer();
        histogram = new Float64Array(256);
        for (const value of raw) histogram[value] = (histogram[value] ?? 0) + 1;
      }
    } catch (error) {
      throw imageError('image', error);
    }
    const rotated = (image.orientation ?? 1) >= 5;
    const width = rotated ? image.height : image.width;
    const height = rotated ? image.width : image.height;
    // Potrace's own automatic posterize stops try every combination of grey levels (minutes for 5 levels): give it
    // the same multilevel-Otsu stops, computed in polynomial time, with the outermost stop as its threshold.
    const stops = histogram ? posterizeStops(histogram, input.steps, input.threshold, input.invert) : undefined;
    const options = {
      turdSize: input.turdSize,
      threshold: stops ? (input.invert ? Math.min(...stops) : Math.max(...stops)) : (input.threshold ?? THRESHOLD_AUTO),
      blackOnWhite: !input.invert,
      color: input.color,
      background: input.background,
      // (Potrace takes the thresholds themselves as `steps`: lib/potrace.d.ts.)
      ...(stops ? { steps: stops } : {}),
    };
    let svg = await traceTask.run(ctx, bitmap, input.mode, options).catch((error: unknown) => {
      if (error instanceof ToolError) throw error;
      throw new ToolError('unprocessable', `image: tracing failed (${error instanceof Error ? error.message : String(error)}).`);
    });
    // Potrace writes the traced size: scale to the original size with a viewBox.
    svg = svg.replace(
      /<svg([^>]*?)\swidth="[^"]*"\s+height="[^"]*"(\s+viewBox="[^"]*")?/,
      `<svg$1 width="${width}" height="${height}" viewBox="0 0 ${traced.width} ${traced.height}"`,
    );
    const stored = await ctx.files.putData(svg, { fileName: outputName(input.fileName, upload.fileName, 'svg'), mimeType: 'image/svg+xml' });
    const paths = (svg.match(/<path\b/g) ?? []).length;
    if (paths === 0) ctx.warn('Nothing was traced: the image has no areas darker than the threshold (try another threshold, or invert).');
    return { ...stored, width, height, paths, tracedAt: traced };
  },
});
