import type { AnyTool } from '../../registry/define-tool.ts';
import epubToMobi from './epub-to-mobi.ts';
import epubToAzw from './epub-to-azw.ts';
import epubToFb2 from './epub-to-fb2.ts';
import epubToTxt from './epub-to-txt.ts';
import epubToHtml from './epub-to-html.ts';
import epubToPdf from './epub-to-pdf.ts';
import epubToDocx from './epub-to-docx.ts';
import mobiToEpub from './mobi-to-epub.ts';
import mobiToTxt from './mobi-to-txt.ts';
import mobiToHtml from './mobi-to-html.ts';
import mobiToPdf from './mobi-to-pdf.ts';
import azwToEpub from './azw-to-epub.ts';
import azwToMobi from './azw-to-mobi.ts';
import azwToTxt from './azw-to-txt.ts';
import azwToHtml from './azw-to-html.ts';
import azwToPdf from './azw-to-pdf.ts';
import fb2ToEpub from './fb2-to-epub.ts';
import fb2ToTxt from './fb2-to-txt.ts';
import fb2ToHtml from './fb2-to-html.ts';
import fb2ToPdf from './fb2-to-pdf.ts';

/** The twenty e-book conversions of the catalog, in its order. */
export const ebookTools: AnyTool[] = [
  epubToMobi,
  epubToAzw,
  epubToFb2,
  epubToTxt,
  epubToHtml,
  epubToPdf,
  epubToDocx,
  mobiToEpub,
  mobiToTxt,
  mobiToHtml,
  mobiToPdf,
  azwToEpub,
  azwToMobi,
  azwToTxt,
  azwToHtml,
  azwToPdf,
  fb2ToEpub,
  fb2ToTxt,
  fb2ToHtml,
  fb2ToPdf,
];
