import { slidesToText } from './lib/families.ts';

export default slidesToText('ppt');
