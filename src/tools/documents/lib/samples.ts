import { convertAndName, type ExampleUpload } from '../../conversions.ts';

/** Small documents the examples upload (the examples test converts them for real). */
export const RTF_LETTER: ExampleUpload = {
  fileName: 'letter.rtf',
  content: '{\\rtf1\\ansi\\deff0{\\fonttbl{\\f0 Arial;}}\\f0\\fs24 Dear customer,\\par Your order has shipped.\\par}',
};
export const RTF_INVOICE: ExampleUpload = { fileName: 'letter.rtf', content: '{\\rtf1\\ansi{\\b Invoice} 1042\\par Total due: 120.00\\par}' };
export const TEXT_REPORT: ExampleUpload = { fileName: 'notes.txt', content: 'Quarterly report\n\nRevenue grew 12 % to €1.2 million.\nCosts stayed flat.\n' };
export const TEXT_MINUTES: ExampleUpload = {
  fileName: 'meeting.txt',
  content: 'Meeting notes — 3 March\n\n1. Budget approved\n2. Hiring: two engineers\n\nNext review in April.\n',
};

/** The examples of a pandoc conversion: `content` uploaded as notes.<extension>, then as draft.<extension> saved as "final". */
export const notesThenDraft = (extension: string, content: string) =>
  convertAndName('convert an upload', { fileName: `notes.${extension}`, content }, 'final', { fileName: `draft.${extension}`, content });
