import { convertAndName, officeConversion } from '../conversions.ts';

export default officeConversion('office', 'ppt', 'pptx', {
  title: 'PowerPoint 97-2003 (PPT) to PPTX',
  description:
    'Converts a legacy PowerPoint presentation (.ppt) to the current format (.pptx) with LibreOffice, keeping slides, layouts, pictures and speaker notes.',
  keywords: ['ppt', 'pptx', 'powerpoint', 'upgrade'],
  examples: convertAndName('upgrade a presentation', { fileName: 'pitch.ppt' }, 'pitch-2024'),
});
