import { pandocConversion } from '../conversions.ts';
import { notesThenDraft } from './lib/samples.ts';

export default pandocConversion('documents', 'md', 'docx', {
  reader: 'gfm',
  writer: 'docx',
  title: 'Markdown to Word (DOCX)',
  description: 'Converts Markdown to a Word document with pandoc: headings, lists, tables, code and links become native Word styles.',
  keywords: ['markdown', 'md', 'docx', 'word', 'convert markdown to word'],
  examples: notesThenDraft('md', '# Report\n\n| a | b |\n|---|---|\n| 1 | 2 |\n'),
});
