import type TurndownService from 'turndown';
import { lazy } from '../../lib/lazy.ts';
import { dataFileTool, HTML_INPUT } from './lib/data-tool.ts';
import { checkHtmlBounds } from './lib/html.ts';

const Turndown = lazy<typeof TurndownService>('turndown');
const gfmPlugin = lazy<{ gfm: TurndownService.Plugin }>('@joplin/turndown-plugin-gfm');

export default dataFileTool({
  module: 'web',
  slug: 'html-to-md',
  title: 'HTML to Markdown',
  description:
    'Converts HTML to GitHub-flavoured Markdown with turndown and its GFM plugin (pure JavaScript, no pandoc needed): ATX headings, fenced code blocks, ' +
    '"-" bullets, tables, strikethrough and task lists; scripts, styles, iframes and forms are dropped. (documents/html-to-md does the same through pandoc.)',
  keywords: ['html', 'markdown', 'md', 'html to markdown', 'turndown', 'gfm'],
  accept: HTML_INPUT,
  output: { extension: 'md', mimeType: 'text/markdown' },
  examples: [
    {
      title: 'headings, links and lists',
      input: {},
      upload: {
        fileName: 'post.html',
        content: '<h1>Title</h1><p>Some <strong>bold</strong> and a <a href="https://example.com">link</a>.</p><ul><li>one</li><li>two</li></ul>',
      },
    },
    {
      title: 'a table and code',
      input: { fileName: 'readme' },
      upload: {
        fileName: 'page.html',
        content: '<table><tr><th>a</th><th>b</th></tr><tr><td>1</td><td>2</td></tr></table><pre><code>x = 1</code></pre><script>alert(1)</script>',
      },
    },
  ],
  convert: (source) => {
    checkHtmlBounds(source.text);
    const service = new (Turndown())({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-', emDelimiter: '*', hr: '---' });
    service.use(gfmPlugin().gfm);
    service.remove(['script', 'style', 'noscript', 'iframe', 'object', 'embed', 'template', 'form', 'button', 'select', 'input', 'textarea', 'head', 'title']);
    return `${service.turndown(source.text.replace(/^\uFEFF/, '')).trim()}\n`;
  },
});
