import { z } from 'zod';
import { booleanField, wholeNumberField } from '../../../registry/fields.ts';
import { colourField, keepMetadataField } from './images.ts';

/** Option fields shared by the format conversions. */
export const quality = (defaultValue: number, what = 'Encoder quality') =>
  wholeNumberField(1, 100, `${what}; higher is better looking and larger (default ${defaultValue})`).default(defaultValue);
export const lossless = booleanField(false, 'Encode losslessly (exact pixels, larger file); quality is then ignored (default false)');
export const keepMetadata = keepMetadataField(false);
export const background = colourField
  .default('#ffffff')
  .describe('Colour transparent areas are flattened onto, for formats without transparency (default #ffffff, white)');
export const effort = (min: number, max: number, defaultValue: number) =>
  wholeNumberField(min, max, `CPU effort; higher is smaller and slower (default ${defaultValue})`).default(defaultValue);
export const tiffCompression = z
  .enum(['lzw', 'deflate', 'jpeg', 'none'])
  .default('lzw')
  .describe('TIFF compression: lzw (default, lossless), deflate (lossless), jpeg (lossy, uses quality) or none');
