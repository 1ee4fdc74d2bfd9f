import { conversionTool, outputOf } from '../conversions.ts';

export default conversionTool({
  module: 'office',
  slug: 'odp-to-pptx',
  title: 'OpenDocument presentation (ODP) to PPTX',
  description:
    'Converts an OpenDocument presentation (.odp, LibreOffice Impress) to PowerPoint (.pptx) with LibreOffice, keeping slides, layouts, pictures and speaker notes.',
  keywords: ['odp', 'pptx', 'powerpoint', 'impress', 'opendocument'],
  accept: ['odp'],
  output: outputOf('pptx'),
  steps: [{ engine: 'office', format: 'pptx' }],
  examples: [
    { title: 'convert to PowerPoint', input: {}, upload: { fileName: 'talk.odp' } },
    { title: 'name the output', input: { fileName: 'talk-pptx' }, upload: { fileName: 'talk.odp' } },
  ],
});
