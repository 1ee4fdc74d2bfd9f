import { conversionTool, convertAndName, csvOptions, outputOf, sheetOption, spreadsheetJsonTool, type ConversionStep } from '../../conversions.ts';

/**
 * The office conversions that do the same thing to each format of a family (presentations: ODP, PPT, PPTX;
 * workbooks: ODS, XLS, XLSX), declared once per family: a tool file names its format and, where its
 * examples differ, the sample file. A conversion particular to one format is a `conversionTool` of its own.
 */
type Presentation = 'odp' | 'ppt' | 'pptx';
type Workbook = 'ods' | 'xls' | 'xlsx';

/** How titles and descriptions name each format. */
const LABELS: Record<Presentation | Workbook, string> = {
  odp: 'OpenDocument presentation (ODP)',
  ppt: 'PowerPoint 97-2003 (PPT)',
  pptx: 'PowerPoint (PPTX)',
  ods: 'OpenDocument spreadsheet (ODS)',
  xls: 'Excel 97-2003 (XLS)',
  xlsx: 'Excel (XLSX)',
};

/** Workbooks are read as .xlsx: LibreOffice's warm pool converts the others first. */
const toXlsx = (from: Workbook): ConversionStep[] => (from === 'xlsx' ? [] : [{ engine: 'office', format: 'xlsx' }]);
const libreOfficeReads = (from: Workbook): string => (from === 'xlsx' ? '' : 'LibreOffice reads the workbook. ');

const ONE_SHEET =
  'One sheet per call: the first by default, or the one named in "sheet" (its name or 1-based position); the other sheets are named in warnings.';

export const slidesToPdf = (from: Presentation) =>
  conversionTool({
    module: 'office',
    slug: `${from}-to-pdf`,
    title: `${LABELS[from]} to PDF`,
    description: `Converts a ${LABELS[from]} presentation to PDF with LibreOffice, one page per slide (hidden slides left out), keeping layout, pictures and fonts.`,
    keywords: [from, 'pdf', 'slides', `${from} to pdf`],
    accept: [from],
    output: outputOf('pdf'),
    steps: [{ engine: 'office', format: 'pdf' }],
    examples: convertAndName('convert to PDF', { fileName: `deck.${from}` }, 'handout'),
  });

export const slidesToText = (from: Presentation) =>
  conversionTool({
    module: 'office',
    slug: `${from}-to-txt`,
    title: `${LABELS[from]} to plain text`,
    description: `Extracts the text of a ${LABELS[from]} presentation. The text of every slide in slide order, each under a "--- Slide N ---" line, as UTF-8 plain text (the slides are laid out by LibreOffice and their text read by poppler; speaker notes are not included).`,
    keywords: [from, 'txt', 'text', 'slides', 'extract text'],
    accept: [from],
    output: outputOf('txt'),
    steps: [
      { engine: 'office', format: 'pdf' },
      { engine: 'pdftotext', layout: false, pageHeading: 'Slide' },
    ],
    examples: convertAndName('extract the slide text', { fileName: `deck.${from}` }, 'deck-text'),
  });

export const slidesToHtml = (from: Presentation) =>
  conversionTool({
    module: 'office',
    slug: `${from}-to-html`,
    title: `${LABELS[from]} to HTML`,
    description: `Converts a ${LABELS[from]} presentation with LibreOffice. A single HTML page with the text of every slide (titles, bullet points, text boxes), each slide under a "Slide N" heading. Pictures are not included: use pptx-to-images for pictures of the slides or the -to-pdf conversion for a faithful copy.`,
    keywords: [from, 'html', 'slides', 'web page'],
    accept: [from],
    output: outputOf('html'),
    steps: [{ engine: 'office', format: 'html' }, { engine: 'slide-headings' }],
    examples: convertAndName('convert to a web page', { fileName: `deck.${from}` }, 'deck-web'),
  });

export const sheetsToPdf = (from: Workbook) =>
  conversionTool({
    module: 'office',
    slug: `${from}-to-pdf`,
    title: `${LABELS[from]} to PDF`,
    description: `Converts an ${LABELS[from]} workbook to PDF with LibreOffice. Every sheet becomes pages as LibreOffice prints it (print ranges and page setup of the workbook apply; wide sheets continue on further pages).`,
    keywords: [from, 'pdf', 'spreadsheet', 'excel', `${from} to pdf`],
    accept: [from],
    output: outputOf('pdf'),
    steps: [{ engine: 'office', format: 'pdf' }],
    examples: convertAndName('convert to PDF', { fileName: `budget.${from}` }, 'budget-print'),
  });

export const sheetToCsv = (from: Workbook) =>
  conversionTool({
    module: 'office',
    slug: `${from}-to-csv`,
    title: `${LABELS[from]} to CSV`,
    description: `Converts a sheet of an ${LABELS[from]} workbook to CSV. ${libreOfficeReads(from)}${ONE_SHEET} Cells are written as their values: numbers to 15 significant digits (no thousands separators or currency symbols), dates as ISO 8601 (2024-01-15, 2024-01-15T09:30:00), booleans as TRUE/FALSE, formulas as their computed value. RFC 4180 CSV (fields quoted when needed, CRLF line ends) with a comma, semicolon, tab or pipe delimiter and an optional UTF-8 byte-order mark. At most 2,000,000 non-empty cells per call.`,
    keywords: [from, 'csv', 'spreadsheet', 'excel', `${from} to csv`],
    accept: [from],
    output: outputOf('csv'),
    steps: [...toXlsx(from), { engine: 'sheet-text', format: 'csv' }],
    options: csvOptions,
    examples: [
      { title: 'the first sheet', input: {}, upload: { fileName: `sales.${from}` } },
      { title: 'a named sheet, semicolon-separated', input: { sheet: 'Summary', delimiter: 'semicolon' }, upload: { fileName: `sales.${from}` } },
      { title: 'the second sheet, with a BOM for Excel', input: { sheet: '2', bom: true }, upload: { fileName: `sales.${from}` } },
    ],
  });

export const sheetToText = (from: Workbook) =>
  conversionTool({
    module: 'office',
    slug: `${from}-to-txt`,
    title: `${LABELS[from]} to text (TSV)`,
    description: `Converts a sheet of an ${LABELS[from]} workbook to tab-separated plain text. ${libreOfficeReads(from)}${ONE_SHEET} Tab-separated values, one line per row (CRLF): numbers to 15 significant digits, dates as ISO 8601, booleans as TRUE/FALSE, formulas as their computed value; tabs and line breaks inside a cell become spaces. At most 2,000,000 non-empty cells per call.`,
    keywords: [from, 'txt', 'tsv', 'tab separated', 'spreadsheet', 'text'],
    accept: [from],
    output: outputOf('txt'),
    steps: [...toXlsx(from), { engine: 'sheet-text', format: 'tsv' }],
    options: sheetOption,
    examples: [
      { title: 'the first sheet', input: {}, upload: { fileName: `sales.${from}` } },
      { title: 'a named sheet', input: { sheet: 'Summary' }, upload: { fileName: `sales.${from}` } },
    ],
  });

/** `sample` names the example workbook (without its extension). */
export const sheetsToJson = (from: Workbook, sample: string) =>
  spreadsheetJsonTool({
    module: 'office',
    slug: `${from}-to-json`,
    title: `${LABELS[from]} to JSON`,
    description: `Reads every sheet of an ${LABELS[from]} workbook into JSON. ${
      from === 'xlsx'
        ? 'The cells are read with exceljs (no LibreOffice needed).'
        : "LibreOffice's warm pool converts it to .xlsx first, then the cells are read with exceljs."
    }`,
    keywords: [from, 'json', 'spreadsheet', 'excel', 'parse spreadsheet', `${from} to json`],
    accept: [from],
    toXlsx: toXlsx(from),
    examples: [
      { title: 'every sheet, rows keyed by the header row', input: {}, upload: { fileName: `${sample}.${from}` } },
      { title: 'one sheet by name', input: { sheet: 'Sales' }, upload: { fileName: `${sample}.${from}` } },
      { title: 'the first sheet as arrays (no header row)', input: { sheet: '1', header: false }, upload: { fileName: `${sample}.${from}` } },
    ],
  });
