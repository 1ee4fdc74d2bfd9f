import { pandocConversion } from '../conversions.ts';
import { notesThenDraft } from './lib/samples.ts';

export default pandocConversion('documents', 'html', 'docx', {
  reader: 'html',
  writer: 'docx',
  title: 'HTML to Word (DOCX)',
  description: 'Converts an HTML document to a Word document with pandoc; remote images and includes are never fetched (sandboxed).',
  keywords: ['html', 'docx', 'word', 'html to word'],
  examples: notesThenDraft('html', '<h1>Invoice</h1><p>Total: 12.30</p>'),
});
