import type { AnyTool } from '../../registry/define-tool.ts';
import zipToRar from './zip-to-rar.ts';
import zipTo7z from './zip-to-7z.ts';
import zipToTar from './zip-to-tar.ts';
import zipToGz from './zip-to-gz.ts';
import zipToBz2 from './zip-to-bz2.ts';
import rarToZip from './rar-to-zip.ts';
import rarTo7z from './rar-to-7z.ts';
import rarToTar from './rar-to-tar.ts';
import rarToGz from './rar-to-gz.ts';
import rarToBz2 from './rar-to-bz2.ts';
import sevenZipToZip from './7z-to-zip.ts';
import sevenZipToRar from './7z-to-rar.ts';
import sevenZipToTar from './7z-to-tar.ts';
import sevenZipToGz from './7z-to-gz.ts';
import sevenZipToBz2 from './7z-to-bz2.ts';
import tarToZip from './tar-to-zip.ts';
import tarToRar from './tar-to-rar.ts';
import tarTo7z from './tar-to-7z.ts';
import tarToGz from './tar-to-gz.ts';
import tarToBz2 from './tar-to-bz2.ts';
import gzToZip from './gz-to-zip.ts';
import gzToRar from './gz-to-rar.ts';
import gzTo7z from './gz-to-7z.ts';
import gzToTar from './gz-to-tar.ts';
import gzToBz2 from './gz-to-bz2.ts';
import bz2ToZip from './bz2-to-zip.ts';
import bz2ToRar from './bz2-to-rar.ts';
import bz2To7z from './bz2-to-7z.ts';
import bz2ToTar from './bz2-to-tar.ts';
import bz2ToGz from './bz2-to-gz.ts';

/** The thirty archive conversions of the catalog, in its order. */
export const archiveTools: AnyTool[] = [
  zipToRar,
  zipTo7z,
  zipToTar,
  zipToGz,
  zipToBz2,
  rarToZip,
  rarTo7z,
  rarToTar,
  rarToGz,
  rarToBz2,
  sevenZipToZip,
  sevenZipToRar,
  sevenZipToTar,
  sevenZipToGz,
  sevenZipToBz2,
  tarToZip,
  tarToRar,
  tarTo7z,
  tarToGz,
  tarToBz2,
  gzToZip,
  gzToRar,
  gzTo7z,
  gzToTar,
  gzToBz2,
  bz2ToZip,
  bz2ToRar,
  bz2To7z,
  bz2ToTar,
  bz2ToGz,
];
