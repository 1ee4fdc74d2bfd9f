import { slidesToHtml } from './lib/families.ts';

export default slidesToHtml('odp');
