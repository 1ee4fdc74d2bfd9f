import { pandocConversion } from '../conversions.ts';
import { notesThenDraft } from './lib/samples.ts';

export default pandocConversion('documents', 'html', 'txt', {
  reader: 'html',
  writer: 'plain',
  title: 'HTML to plain text',
  description: 'Converts an HTML document to readable plain text with pandoc: tags removed, paragraphs and lists kept.',
  keywords: ['html', 'txt', 'plain text', 'strip html'],
  examples: notesThenDraft('html', '<h1>Title</h1><ul><li>one</li><li>two</li></ul>'),
});
