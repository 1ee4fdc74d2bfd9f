import type { AnyTool } from '../../registry/define-tool.ts';
import docxToHtml from './docx-to-html.ts';
import docxToPdf from './docx-to-pdf.ts';
import docxToRtf from './docx-to-rtf.ts';
import docxToTxt from './docx-to-txt.ts';
import htmlToDocx from './html-to-docx.ts';
import htmlToMd from './html-to-md.ts';
import htmlToPdf from './html-to-pdf.ts';
import htmlToTxt from './html-to-txt.ts';
import mdToDocx from './md-to-docx.ts';
import mdToHtml from './md-to-html.ts';
import mdToPdf from './md-to-pdf.ts';
import mdToTxt from './md-to-txt.ts';
import pdfToDocx from './pdf-to-docx.ts';
import pdfToHtml from './pdf-to-html.ts';
import pdfToRtf from './pdf-to-rtf.ts';
import pdfToTxt from './pdf-to-txt.ts';
import rtfToDocx from './rtf-to-docx.ts';
import rtfToHtml from './rtf-to-html.ts';
import rtfToPdf from './rtf-to-pdf.ts';
import rtfToTxt from './rtf-to-txt.ts';
import txtToDocx from './txt-to-docx.ts';
import txtToHtml from './txt-to-html.ts';
import txtToMd from './txt-to-md.ts';
import txtToPdf from './txt-to-pdf.ts';
import txtToRtf from './txt-to-rtf.ts';

export const documentsTools: AnyTool[] = [
  docxToPdf,
  docxToTxt,
  txtToPdf,
  docxToHtml,
  pdfToTxt,
  docxToRtf,
  pdfToRtf,
  txtToRtf,
  rtfToTxt,
  txtToMd,
  rtfToPdf,
  mdToPdf,
  mdToTxt,
  mdToHtml,
  pdfToHtml,
  txtToHtml,
  rtfToHtml,
  htmlToPdf,
  htmlToTxt,
  htmlToMd,
  txtToDocx,
  pdfToDocx,
  rtfToDocx,
  mdToDocx,
  htmlToDocx,
];
