import type { PDFDocument, PDFImage } from 'pdf-lib';
import type * as PdfLib from 'pdf-lib';
import { lazy } from '../../lib/lazy.ts';
import { z } from 'zod';
import { ToolError } from '../../core/errors.ts';
import { fileResultSchema } from '../../files/result.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { IMAGE_INPUT_KINDS, imageError, imagesOf, type OpenedImage } from '../../engines/images/index.ts';
import { numberField } from '../../registry/fields.ts';
import { outputName } from '../web/lib/text.ts';
import { fileNameField } from './lib/images.ts';

const pdfLib = lazy<typeof PdfLib>('pdf-lib');

/** Page sizes in PDF points (1/72 inch). */
const PAGE_SIZES = { a4: [595.28, 841.89], letter: [612, 792], legal: [612, 1008], a3: [841.89, 1190.55], a5: [419.53, 595.28] } as const;
const MAX_IMAGES = 20;

export default defineTool({
  module: 'convertors',
  slug: 'image-to-pdf',
  title: 'Convert images to PDF',
  description:
    'Puts one or more images (up to 20, one page each, in upload order) into a PDF with pdf-lib. JPEGs are embedded as they are (no quality loss) unless ' +
    'they need rotating by EXIF orientation or converting from CMYK; PNGs stay lossless; WebP, AVIF, HEIC, GIF, TIFF, BMP and SVG are converted first. ' +
    'pageSize "fit" makes each page the size of its image (at its DPI, 72 when unknown); a paper size (A4, Letter, Legal, A3, A5) centres the image, ' +
    'scaled down to fit inside the margin, in portrait or landscape to suit the image unless orientation says otherwise. Upload the images in field "image" (repeat the field for several).',
  keywords: ['image to pdf', 'jpg to pdf', 'png to pdf', 'photos to pdf', 'combine images', 'scan to pdf'],
  input: () =>
    z.object({
      pageSize: z.enum(['fit', 'a4', 'letter', 'legal', 'a3', 'a5']).default('fit').describe('fit (default: page = image size), or a paper size'),
      orientation: z
        .enum(['auto', 'portrait', 'landscape'])
        .default('auto')
        .describe('For paper sizes: auto (follows each image, default), portrait or landscape'),
      margin: numberField(0, 144, 'Margin around the image in points (1/72 inch), for paper sizes (default 0)').default(0),
      title: z.string().max(300).optional().describe('Document title stored in the PDF metadata'),
      fileName: fileNameField,
    }),
  output: () =>
    fileResultSchema.extend({
      pages: z.number().int().positive().describe('Pages in the PDF (one per image)'),
    }),
  response: 'file',
  upload: { field: 'image', aliases: ['file', 'images'], accept: IMAGE_INPUT_KINDS, maxFiles: MAX_IMAGES },
  conversion: { from: IMAGE_INPUT_KINDS, to: 'pdf', engines: ['images'] },
  timeoutMs: 120_000,
  examples: [
    { title: 'one photo, page the size of the image', input: {}, upload: { fileName: 'photo.jpg' } },
    { title: 'scans on A4 with a margin', input: { pageSize: 'a4', margin: 36, title: 'Receipts' }, upload: { fileName: 'receipt-1.png' } },
  ],
  run: async (input, ctx) => {
    const uploads = ctx.files.uploads;
    if (uploads.length === 0) throw new ToolError('validation_failed', 'image: is required; upload one or more images.');
    const pdf = await pdfLib().PDFDocument.create();
    pdf.setProducer('toolapi convertors/image-to-pdf (pdf-lib)');
    pdf.setCreator('toolapi');
    pdf.setCreationDate(ctx.now());
    pdf.setModificationDate(ctx.now());
    if (input.title) pdf.setTitle(input.title);
    for (const [index, upload] of uploads.entries()) {
      const field = uploads.length > 1 ? `image[${index}]` : 'image';
      const image = await imagesOf(ctx).open(upload, { field });
      const embedded = await embed(pdf, image, upload.kind, () => ctx.files.read(upload.path), field);
      // Size in points: pixels at the image's DPI (72 when unknown), after EXIF rotation.
      const dpi = image.metadata.density && image.metadata.density > 0 ? image.metadata.density : 72;
      const width = (embedded.width * 72) / dpi;
      const height = (embedded.height * 72) / dpi;
      if (input.pageSize === 'fit') {
        const page = pdf.addPage([width, height]);
        page.drawImage(embedded, { x: 0, y: 0, width, height });
        continue;
      }
      const paper = PAGE_SIZES[input.pageSize];
      let pageWidth: number = paper[0];
      let pageHeight: number = paper[1];
      const landscape = input.orientation === 'landscape' || (input.orientation === 'auto' && width > height);
      if (landscape) [pageWidth, pageHeight] = [pageHeight, pageWidth];
      const boxWidth = pageWidth - 2 * input.margin;
      const boxHeight = pageHeight - 2 * input.margin;
      const scale = Math.min(1, boxWidth / width, boxHeight / height);
      const page = pdf.addPage([pageWidth, pageHeight]);
      page.drawImage(embedded, { x: (pageWidth - width * scale) / 2, y: (pageHeight - height * scale) / 2, width: width * scale, height: height * scale });
    }
    const stored = await ctx.files.putData(await pdf.save(), {
      fileName: outputName(input.fileName, uploads[0]!.fileName, 'pdf'),
      mimeType: 'application/pdf',
    });
    return { ...stored, pages: uploads.length };
  },
});

/** JPEG passes through when it can; everything else becomes PNG (lossless) or, for photos, JPEG at quality 92. */
async function embed(pdf: PDFDocument, image: OpenedImage, kind: string, bytes: () => Promise<Buffer>, field: string): Promise<PDFImage> {
  const meta = image.metadata;
  try {
    if (kind === 'jpg' && (image.orientation ?? 1) === 1 && (meta.space === 'srgb' || meta.space === 'b-w') && (meta.channels ?? 3) !== 4) {
      return await pdf.embedJpg(await bytes());
    }
    const pipeline = image.pipeline().rotate();
    const photo = (kind === 'jpg' || kind === 'webp' || kind === 'avif' || kind === 'heic') && !image.hasAlpha;
    if (photo) return await pdf.embedJpg(await pipeline.toColourspace('srgb').jpeg({ quality: 92 }).toBuffer());
    return await pdf.embedPng(await pipeline.toColourspace('srgb').png({ compressionLevel: 6 }).toBuffer());
  } catch (error) {
    throw imageError(field, error);
  }
}
