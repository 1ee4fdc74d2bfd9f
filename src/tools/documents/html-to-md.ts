import { pandocConversion } from '../conversions.ts';
import { notesThenDraft } from './lib/samples.ts';

export default pandocConversion('documents', 'html', 'md', {
  reader: 'html',
  writer: 'gfm',
  title: 'HTML to Markdown',
  description: 'Converts an HTML document to GitHub-flavoured Markdown with pandoc; scripts and styles are dropped.',
  keywords: ['html', 'markdown', 'md', 'html to markdown'],
  examples: notesThenDraft('html', '<h1>Title</h1><p>Some <b>bold</b> text.</p>'),
});
