import { z } from 'zod';
import { defineUrlAudit } from '../../lib/page/define-url-tool.ts';
import { ToolError } from '../../core/errors.ts';
import { buildAudit, type CheckInput } from '../../lib/page/audit.ts';
import { decodeBody, fetcherOf, mapLimit } from '../../lib/page/context.ts';
import { parseLlmsTxt } from '../../lib/page/llms.ts';

export default defineUrlAudit({
  module: 'seo-apis',
  slug: 'llms-txt-validator',
  title: 'llms.txt validator',
  description:
    'Fetches /llms.txt of a site (or the llms.txt URL given) and validates it against the llmstxt.org format: a single H1 first, ' +
    'an optional "> summary" blockquote, H2 sections whose items are "- [name](url): notes" links with absolute URLs, and an ' +
    'optional "Optional" section. Also checks the content type and, with `checkLinks`, that up to that many linked URLs answer 200. ' +
    'Reports the parsed structure, each problem with its line, and also whether /llms-full.txt exists.',
  keywords: ['llms.txt', 'llms txt validator', 'ai crawlers', 'llmstxt', 'llm seo', 'generative engine optimization'],
  timeoutMs: 40_000,
  urlHelp: 'Site URL (its /llms.txt is checked) or the URL of an llms.txt file',
  params: () => ({
    checkLinks: z.coerce.number().int().min(0).max(30).default(10).describe('Linked URLs to request (0–30, default 10)'),
  }),
  fields: () => ({
    llmsTxtUrl: z.string(),
    httpStatus: z.number().int().nullable(),
    contentType: z.string().nullable(),
    found: z.boolean(),
    title: z.string().nullable(),
    summary: z.string().nullable(),
    sections: z.array(z.object({ name: z.string(), links: z.number().int(), optional: z.boolean() })),
    linkCount: z.number().int(),
    problems: z.array(z.object({ line: z.number().int().nullable(), severity: z.enum(['high', 'medium', 'low']), code: z.string(), message: z.string() })),
    linkChecks: z.array(z.object({ url: z.string(), status: z.number().int().nullable(), error: z.string().nullable() })),
    llmsFullTxt: z.boolean().nullable().describe('/llms-full.txt answers 200 (null when the input was a file URL)'),
  }),
  live: { 'a site': 'https://example.com/', 'an llms.txt URL, no link checks': { url: 'https://example.com/docs/llms.txt', checkLinks: 0 } },
  offline: { title: 'an llms.txt with no H1 title', finds: ['llms-txt-structure'] },
  run: async ({ url, checkLinks }, ctx) => {
    const fetcher = fetcherOf(ctx);
    const isFile = /\.txt$/i.test(new URL(url).pathname);
    const llmsUrl = isFile ? url : new URL('/llms.txt', url).href;
    const response = await fetcher.fetch(llmsUrl, { field: 'url', truncate: true, headers: { accept: 'text/markdown,text/plain;q=0.9,*/*;q=0.5' } });
    const found = response.status >= 200 && response.status < 300;
    const text = found ? decodeBody(response.body, response.contentType ?? 'text/plain; charset=utf-8') : '';
    const looksHtml = /^\s*<(!doctype|html)/i.test(text);
    const parsed = parseLlmsTxt(found && !looksHtml ? text : '');
    let llmsFull: boolean | null = null;
    if (!isFile) {
      try {
        const r = await fetcher.fetch(new URL('/llms-full.txt', url).href, { method: 'HEAD', field: 'url' });
        llmsFull = r.status >= 200 && r.status < 300;
      } catch (e) {
        if (e instanceof ToolError && e.code === 'forbidden_target') throw e;
        llmsFull = false;
      }
    }
    const links = parsed.sections.flatMap((s) => s.links).filter((l) => /^https?:\/\//i.test(l.url));
    const linkChecks = found
      ? await mapLimit(links.slice(0, checkLinks), 5, async (l) => {
          try {
            const r = await fetcher.fetch(l.url, { method: 'HEAD', field: 'url' });
            return { url: l.url, status: r.status, error: null };
          } catch (e) {
            return { url: l.url, status: null, error: e instanceof ToolError ? e.detail.replace(/^url: /, '') : String(e) };
          }
        })
      : [];
    const high = parsed.problems.filter((p) => p.severity === 'high');
    const medium = parsed.problems.filter((p) => p.severity === 'medium');
    const broken = linkChecks.filter((c) => c.status === null || c.status >= 400);
    const type = (response.contentType ?? '').split(';')[0]!.trim().toLowerCase();
    const checks: CheckInput[] = [
      {
        id: 'llms-found',
        title: 'llms.txt answers 200',
        status: found && !looksHtml ? 'pass' : 'fail',
        weight: 30,
        severity: 'medium',
        evidence: looksHtml ? `${llmsUrl} returns an HTML page, not Markdown` : `${llmsUrl}: ${response.status}`,
        fix: 'Publish a Markdown file at /llms.txt (see llmstxt.org); build one with llms-txt-builder.',
        problem: 'No llms.txt',
        findingId: 'llms-txt-missing',
      },
    ];
    if (found && !looksHtml) {
      checks.push({
        id: 'llms-structure',
        title: 'H1 first, one H1',
        status: high.length ? 'fail' : 'pass',
        weight: 25,
        severity: 'high',
        evidence: high.length
          ? high
              .map((p) => `${p.line ? `line ${p.line}: ` : ''}${p.message}`)
              .slice(0, 3)
              .join('; ')
          : `# ${parsed.title}`,
        fix: 'Start the file with exactly one "# Name" line.',
        problem: 'llms.txt structure is invalid',
        findingId: 'llms-txt-structure',
      });
      checks.push({
        id: 'llms-sections',
        title: 'Sections are lists of absolute links',
        status: medium.length ? 'warn' : 'pass',
        weight: 20,
        evidence: medium.length
          ? medium
              .map((p) => `${p.line ? `line ${p.line}: ` : ''}${p.message}`)
              .slice(0, 3)
              .join('; ')
          : `${parsed.sections.length} sections, ${links.length} links`,
        fix: 'Under each "## Section" list links as "- [name](https://…): notes".',
        problem: 'llms.txt sections are malformed',
        findingId: 'llms-txt-sections',
      });
      checks.push({
        id: 'llms-summary',
        title: 'Has a "> summary" blockquote',
        status: parsed.summary ? 'pass' : 'warn',
        weight: 10,
        severity: 'low',
        evidence: parsed.summary ?? 'no blockquote',
        fix: 'Add "> one-sentence summary of the site" under the H1.',
        problem: 'No summary blockquote',
        findingId: 'llms-txt-no-summary',
      });
      checks.push({
        id: 'llms-content-type',
        title: 'Served as text/markdown or text/plain',
        status: /^text\/(markdown|plain|x-markdown)$/.test(type) ? 'pass' : 'warn',
        weight: 5,
        severity: 'low',
        evidence: response.contentType ?? 'no Content-Type',
        fix: 'Serve llms.txt with Content-Type: text/markdown; charset=utf-8 (or text/plain).',
        problem: 'Unexpected content type',
        findingId: 'llms-txt-content-type',
      });
      if (linkChecks.length)
        checks.push({
          id: 'llms-links-live',
          title: 'Linked URLs answer',
          status: broken.length ? 'fail' : 'pass',
          weight: 10,
          evidence: broken.length
            ? broken
                .slice(0, 3)
                .map((b) => `${b.url} → ${b.status ?? b.error}`)
                .join('; ')
            : `${linkChecks.length} checked`,
          fix: 'Fix or remove links that are broken.',
          problem: 'llms.txt has broken links',
          findingId: 'llms-txt-broken-links',
        });
    }
    return {
      llmsTxtUrl: llmsUrl,
      httpStatus: response.status,
      contentType: response.contentType,
      found: found && !looksHtml,
      title: parsed.title,
      summary: parsed.summary,
      sections: parsed.sections.map((s) => ({ name: s.name, links: s.links.length, optional: s.name.toLowerCase() === 'optional' })),
      linkCount: links.length,
      problems: found && !looksHtml ? parsed.problems : [],
      linkChecks,
      llmsFullTxt: llmsFull,
      audit: buildAudit(checks),
    };
  },
});
