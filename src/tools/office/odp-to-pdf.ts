import { slidesToPdf } from './lib/families.ts';

export default slidesToPdf('odp');
