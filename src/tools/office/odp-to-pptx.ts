import { convertAndName, officeConversion } from '../conversions.ts';

export default officeConversion('office', 'odp', 'pptx', {
  title: 'OpenDocument presentation (ODP) to PPTX',
  description:
    'Converts an OpenDocument presentation (.odp, LibreOffice Impress) to PowerPoint (.pptx) with LibreOffice, keeping slides, layouts, pictures and speaker notes.',
  keywords: ['odp', 'pptx', 'powerpoint', 'impress', 'opendocument'],
  examples: convertAndName('convert to PowerPoint', { fileName: 'talk.odp' }, 'talk-pptx'),
});
