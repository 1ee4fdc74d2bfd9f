import { pandocConversion } from '../conversions.ts';
import { notesThenDraft } from './lib/samples.ts';

export default pandocConversion('documents', 'md', 'html', {
  reader: 'gfm',
  writer: 'html5',
  standalone: true,
  title: 'Markdown to HTML',
  description: 'Converts Markdown (CommonMark with GitHub extensions: tables, task lists, fenced code) to a standalone HTML page with pandoc.',
  keywords: ['markdown', 'md', 'html', 'convert markdown'],
  examples: notesThenDraft('md', '# Title\n\nSome *emphasis* and a [link](https://example.com).\n'),
});
