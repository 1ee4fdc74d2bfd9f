import MarkdownIt from 'markdown-it';

/**
 * Markdown results (`?format=markdown` of audits) as HTML for the playground: raw HTML in the text is escaped
 * (`html: false`), links are limited to markdown-it's safe schemes (no `javascript:`), and nothing here is a
 * script or a style attribute, so the page's Content-Security-Policy holds (docs/architecture.md "Web").
 */
const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false });

markdown.renderer.rules.link_open = (tokens, i, options, _env, self) => {
  tokens[i]?.attrSet('rel', 'nofollow noopener noreferrer');
  return self.renderToken(tokens, i, options);
};

/** Largest Markdown text rendered (an audit of many pages stays well under it). */
export const MAX_MARKDOWN_CHARS = 500_000;

export function renderSafeMarkdown(text: string): string {
  return markdown.render(text);
}
