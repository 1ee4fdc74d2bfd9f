import { pandocConversion } from '../conversions.ts';
import { notesThenDraft } from './lib/samples.ts';

export default pandocConversion('documents', 'md', 'txt', {
  reader: 'gfm',
  writer: 'plain',
  title: 'Markdown to plain text',
  description: 'Converts Markdown to plain text with pandoc: formatting marks removed, lists and tables kept readable.',
  keywords: ['markdown', 'md', 'txt', 'plain text', 'strip markdown'],
  examples: notesThenDraft('md', '# Title\n\n- one\n- **two**\n'),
});
