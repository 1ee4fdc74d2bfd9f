import type { AnyTool } from '../../registry/define-tool.ts';
import odpToHtml from './odp-to-html.ts';
import odpToPdf from './odp-to-pdf.ts';
import odpToPptx from './odp-to-pptx.ts';
import odpToTxt from './odp-to-txt.ts';
import odsToCsv from './ods-to-csv.ts';
import odsToJson from './ods-to-json.ts';
import odsToPdf from './ods-to-pdf.ts';
import odsToTxt from './ods-to-txt.ts';
import odsToXlsx from './ods-to-xlsx.ts';
import odtToDocx from './odt-to-docx.ts';
import odtToHtml from './odt-to-html.ts';
import odtToPdf from './odt-to-pdf.ts';
import odtToTxt from './odt-to-txt.ts';
import pptToHtml from './ppt-to-html.ts';
import pptToPdf from './ppt-to-pdf.ts';
import pptToPptx from './ppt-to-pptx.ts';
import pptToTxt from './ppt-to-txt.ts';
import pptxToHtml from './pptx-to-html.ts';
import pptxToImages from './pptx-to-images.ts';
import pptxToPdf from './pptx-to-pdf.ts';
import pptxToPpt from './pptx-to-ppt.ts';
import pptxToTxt from './pptx-to-txt.ts';
import xlsToCsv from './xls-to-csv.ts';
import xlsToJson from './xls-to-json.ts';
import xlsToPdf from './xls-to-pdf.ts';
import xlsToTxt from './xls-to-txt.ts';
import xlsToXlsx from './xls-to-xlsx.ts';
import xlsxToCsv from './xlsx-to-csv.ts';
import xlsxToJson from './xlsx-to-json.ts';
import xlsxToPdf from './xlsx-to-pdf.ts';
import xlsxToTxt from './xlsx-to-txt.ts';
import xlsxToXls from './xlsx-to-xls.ts';

export const officeTools: AnyTool[] = [
  xlsToXlsx,
  xlsToCsv,
  xlsToTxt,
  xlsToJson,
  xlsxToXls,
  xlsxToCsv,
  xlsxToTxt,
  xlsxToJson,
  pptToPptx,
  pptToTxt,
  pptToHtml,
  pptxToPpt,
  pptxToTxt,
  pptxToHtml,
  xlsxToPdf,
  xlsToPdf,
  pptToPdf,
  pptxToPdf,
  pptxToImages,
  odtToPdf,
  odtToDocx,
  odtToTxt,
  odtToHtml,
  odsToPdf,
  odsToXlsx,
  odsToCsv,
  odsToTxt,
  odsToJson,
  odpToPdf,
  odpToPptx,
  odpToTxt,
  odpToHtml,
];
