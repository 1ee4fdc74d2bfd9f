import type { AnyTool } from '../../registry/define-tool.ts';
import zipExtract from './zip-extract.ts';
import compressImage from './compress-image.ts';
import compressSvg from './compress-svg.ts';
import csv2Json from './csv-2-json.ts';
import folderToZip from './folder-to-zip.ts';
import imageMetadata from './image-metadata.ts';
import imageToPdf from './image-to-pdf.ts';
import json2Csv from './json-2-csv.ts';
import toAvif from './to-avif.ts';
import toBase64 from './to-base64.ts';
import toGif from './to-gif.ts';
import toGrayscale from './to-grayscale.ts';
import toHeic from './to-heic.ts';
import toHeif from './to-heif.ts';
import toJpg from './to-jpg.ts';
import toPng from './to-png.ts';
import toSvg from './to-svg.ts';
import toTiff from './to-tiff.ts';
import toWebp from './to-webp.ts';

export const convertorsTools: AnyTool[] = [
  toJpg,
  toPng,
  toWebp,
  toSvg,
  toAvif,
  toHeic,
  toHeif,
  toTiff,
  toGif,
  compressImage,
  compressSvg,
  toGrayscale,
  toBase64,
  imageToPdf,
  imageMetadata,
  csv2Json,
  json2Csv,
  folderToZip,
  zipExtract,
] as AnyTool[];
