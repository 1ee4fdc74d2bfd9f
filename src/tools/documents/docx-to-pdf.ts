import { officeConversion } from '../conversions.ts';

export default officeConversion('documents', 'docx', 'pdf', {
  title: 'Word (DOCX) to PDF',
  description:
    'Converts a Word document (.docx, or legacy .doc) to PDF with LibreOffice, keeping pages, fonts, images, tables, headers and footers as laid out in Word.',
  keywords: ['docx', 'word', 'pdf', 'word to pdf', 'doc to pdf'],
  examples: [
    { title: 'convert a Word document', input: {}, upload: { fileName: 'report.docx' } },
    { title: 'name the output', input: { fileName: 'report-final' }, upload: { fileName: 'draft.docx' } },
    { title: 'a legacy .doc file', input: {}, upload: { fileName: 'memo.doc' } },
  ],
});
