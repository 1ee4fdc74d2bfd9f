import type { AnyTool } from '../../registry/define-tool.ts';
import csvToHtml from './csv-to-html.ts';
import csvToJson from './csv-to-json.ts';
import csvToTxt from './csv-to-txt.ts';
import csvToXml from './csv-to-xml.ts';
import htmlToJson from './html-to-json.ts';
import htmlToMd from './html-to-md.ts';
import htmlToXml from './html-to-xml.ts';
import jsonToCsv from './json-to-csv.ts';
import jsonToHtml from './json-to-html.ts';
import jsonToTxt from './json-to-txt.ts';
import jsonToXml from './json-to-xml.ts';
import xmlToCsv from './xml-to-csv.ts';
import xmlToHtml from './xml-to-html.ts';
import xmlToJson from './xml-to-json.ts';
import xmlToTxt from './xml-to-txt.ts';

export const webTools: AnyTool[] = [
  htmlToXml,
  htmlToJson,
  htmlToMd,
  xmlToHtml,
  xmlToJson,
  xmlToTxt,
  xmlToCsv,
  jsonToHtml,
  jsonToXml,
  jsonToTxt,
  jsonToCsv,
  csvToHtml,
  csvToXml,
  csvToJson,
  csvToTxt,
] as AnyTool[];
