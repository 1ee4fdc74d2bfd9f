import { conversionTool, outputOf } from '../conversions.ts';

export default conversionTool({
  module: 'documents',
  slug: 'txt-to-md',
  title: 'Plain text to Markdown',
  description:
    'Turns a UTF-8 plain-text file into Markdown (CommonMark/GFM) that renders as the same text: characters Markdown would read as syntax (*, _, #, [, |, leading "1." or "-", …) are backslash-escaped, blank lines stay paragraph breaks, single line breaks become hard line breaks, and leading indentation is kept as non-breaking spaces. Runs of spaces inside a line collapse when rendered, as in any Markdown.',
  keywords: ['txt', 'text', 'markdown', 'md', 'escape markdown'],
  accept: ['txt'],
  output: outputOf('md'),
  steps: [{ engine: 'text-to-markdown' }],
  examples: [
    { title: 'escape a text file', input: {}, upload: { fileName: 'notes.txt', content: 'Price: 5 * 3 = 15\n# not a heading\n\n1. not a list either\n' } },
    {
      title: 'name the output',
      input: { fileName: 'readme' },
      upload: { fileName: 'readme.txt', content: 'Meeting notes — 3 March\n\n1. Budget approved\n2. Hiring: two engineers\n\nNext review in April.\n' },
    },
  ],
});
