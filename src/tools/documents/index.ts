import type { AnyTool } from '../../registry/define-tool.ts';
import htmlToDocx from './html-to-docx.ts';
import htmlToMd from './html-to-md.ts';
import htmlToTxt from './html-to-txt.ts';
import mdToDocx from './md-to-docx.ts';
import mdToHtml from './md-to-html.ts';
import mdToTxt from './md-to-txt.ts';
import pdfToHtml from './pdf-to-html.ts';
import pdfToTxt from './pdf-to-txt.ts';

export const documentsTools: AnyTool[] = [mdToHtml, mdToTxt, mdToDocx, htmlToMd, htmlToTxt, htmlToDocx, pdfToTxt, pdfToHtml];
