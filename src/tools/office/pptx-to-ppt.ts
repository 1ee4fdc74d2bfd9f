import { convertAndName, officeConversion } from '../conversions.ts';

export default officeConversion('office', 'pptx', 'ppt', {
  title: 'PowerPoint (PPTX) to PPT (97-2003)',
  description: 'Converts a PowerPoint presentation (.pptx) to the legacy PowerPoint 97-2003 format (.ppt) with LibreOffice for older software.',
  keywords: ['pptx', 'ppt', 'powerpoint', 'legacy'],
  examples: convertAndName('convert for old software', { fileName: 'pitch.pptx' }, 'pitch-legacy'),
});
