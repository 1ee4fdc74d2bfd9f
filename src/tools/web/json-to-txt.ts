import { dataFileTool, JSON_INPUT } from './lib/data-tool.ts';
import { parseJsonText } from './lib/json.ts';
import { outlineOf } from './lib/render.ts';

export default dataFileTool({
  module: 'web',
  slug: 'json-to-txt',
  title: 'JSON to text',
  description:
    'Converts JSON to a readable plain-text outline: "key: value" lines, list items with "- ", nesting indented by two spaces, no braces or quotes. ' +
    'For reports, e-mails and people who do not read JSON.',
  keywords: ['json', 'txt', 'text', 'json to text', 'outline', 'readable'],
  accept: JSON_INPUT,
  output: { extension: 'txt', mimeType: 'text/plain' },
  examples: [
    { title: 'an object', input: {}, upload: { fileName: 'config.json', content: '{"name":"api","ports":[80,443],"tls":{"enabled":true}}' } },
    { title: 'a list of records', input: { fileName: 'people' }, upload: { fileName: 'people.json', content: '[{"name":"Ada"},{"name":"Grace"}]' } },
  ],
  convert: (source) => outlineOf(parseJsonText(source.text)),
});
