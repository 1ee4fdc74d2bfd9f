import { z } from 'zod';
import { ToolError } from '../../core/errors.ts';
import type { AnyTool } from '../../registry/define-tool.ts';
import { jsonSchemaOf } from '../../registry/json-schema.ts';
import { isModuleName, MODULES } from '../../registry/modules.ts';
import { html, type Html } from '../html.ts';
import type { PageModule } from '../index.ts';
import { sendPage } from '../respond.ts';
import { fileField, schemaFields, type Prefill } from '../tools/form.ts';
import { MAX_MARKDOWN_CHARS, renderSafeMarkdown } from '../tools/markdown.ts';

/**
 * The tools and their playground: `/tools` lists every tool of the registry (search and module filter by GET
 * query, so they work without JavaScript; assets/playground.js filters as you type), `/tools/{module}/{slug}`
 * describes one tool (cost, schemas, examples: indexable, complete without JavaScript) with a form generated
 * from its input schema. A signed-in visitor runs it through the real API route with the session and the
 * X-CSRF-Token header (session-caller.ts), billed like a key; the page never holds a key.
 */
export const registerToolPages: PageModule = (web, { registry, config }) => {
  const byPage = new Map(registry.tools.map((tool) => [pageOf(tool), tool]));

  web.get('/tools', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const q = typeof query.q === 'string' ? query.q.trim().slice(0, 200) : '';
    const module = typeof query.module === 'string' && isModuleName(query.module) ? query.module : undefined;
    const words = searchWords(q);
    const shown = registry.tools.filter((tool) => (!module || tool.module === module) && words.every((w) => haystack(tool).includes(w)));
    const modules = registry.modules();
    return sendPage(request, reply, {
      title: 'Tools',
      current: '/tools',
      description: `${registry.tools.length} tools behind one API key: search them, read their schemas and examples, and try them in the browser.`,
      scripts: ['playground.js'],
      styles: ['playground.css'],
      body: html`<p>Every tool of the API, with its schema, examples and a form to try it. ${registry.tools.length} tools in ${modules.length} modules.</p>
        <form class="tool-search" method="get" action="/tools" role="search" id="tool-search">
          <div class="field grow"><label for="q">Search</label><input type="search" id="q" name="q" value="${q}" placeholder="e.g. slug, markdown, ssl" autocomplete="off"></div>
          <div class="field"><label for="module">Module</label><select id="module" name="module">
            <option value="">All modules</option>
            ${modules.map((m) => html`<option value="${m}"${m === module ? html` selected` : ''}>${MODULES[m].title}</option>`)}
          </select></div>
          <div class="field"><button type="submit">Search</button></div>
        </form>
        <p id="tool-count" role="status" aria-live="polite">${countText(shown.length, registry.tools.length)}</p>
        ${modules.map((m) => {
          const tools = registry.inModule(m);
          const visible = new Set(shown.filter((t) => t.module === m));
          return html`<section class="tool-module" data-module="${m}" aria-labelledby="m-${m}"${visible.size === 0 ? html` hidden` : ''}>
            <h2 id="m-${m}">${MODULES[m].title} <span class="muted">(${tools.length})</span></h2>
            <ul class="tool-list">${tools.map(
              (tool) => html`<li data-search="${haystack(tool)}" data-module="${m}"${visible.has(tool) ? '' : html` hidden`}>
                <a href="${pageOf(tool)}">${tool.title}</a> <span class="cost">${credits(tool.cost)}</span>
                <span class="summary">${firstSentence(tool.description)}</span>
              </li>`,
            )}</ul>
          </section>`;
        })}`,
    });
  });

  web.get('/tools/:module/*', async (request, reply) => {
    const params = request.params as { module: string; '*': string };
    const tool = byPage.get(`/tools/${params.module}/${params['*']}`);
    if (!tool) throw new ToolError('not_found', 'No such tool. See the list of tools at /tools.');
    const query = request.query as Record<string, unknown>;
    const exampleIndex = typeof query.example === 'string' && /^\d{1,3}$/.test(query.example) ? Number(query.example) : undefined;
    const example = exampleIndex === undefined ? undefined : tool.examples[exampleIndex - 1];
    const prefill: Prefill | undefined = example
      ? { source: 'json', input: example.input as Record<string, unknown> }
      : Object.keys(query).length > 0
        ? { source: 'query', query }
        : { source: 'json', input: (tool.examples[0]?.input ?? {}) as Record<string, unknown> };
    const session = request.webSession;
    const input = jsonSchemaOf(tool.input, 'input');
    const output = jsonSchemaOf(tool.output, 'output');
    const audit = JSON.stringify(output).includes('"findings"');
    const page = pageOf(tool);
    return sendPage(request, reply, {
      title: tool.title,
      current: '/tools',
      description: firstSentence(tool.description),
      scripts: ['playground.js'],
      styles: ['playground.css'],
      body: html`<p class="crumbs"><a href="/tools">Tools</a> › <a href="/tools?module=${tool.module}">${MODULES[tool.module].title}</a></p>
        <p class="lead">${tool.description}</p>
        <dl class="facts">
          <dt>Endpoint</dt><dd><code>POST ${tool.path}</code>${tool.method === 'GET' ? html` (also <code>GET</code> with the fields in the query)` : ''}</dd>
          <dt>Cost</dt><dd>${credits(tool.cost)} per successful call; a failed call is refunded.</dd>
          <dt>Operation id</dt><dd><code>${tool.operationId}</code></dd>
          ${tool.upload && html`<dt>Upload</dt><dd>multipart/form-data, field <code>${tool.upload.field}</code></dd>`}
        </dl>

        <div class="workbench">
        <section aria-labelledby="try">
        <h2 id="try">Try it</h2>
        <form id="playground" class="playground" method="get" action="${page}#try" novalidate
          data-api-path="${tool.path}" data-operation-id="${tool.operationId}" data-tool-id="${tool.id}"${tool.upload ? html` data-upload-field="${tool.upload.field}"` : ''}>
          ${example && tool.upload && example.upload && html`<p class="notice">This example uploads <code>${example.upload.fileName}</code>; choose that file below (its content is shown under Examples).</p>`}
          ${tool.upload && fileField(tool.upload, Math.floor(config.maxUploadBytes / 1024 / 1024))}
          ${schemaFields(input, prefill)}
          ${
            audit &&
            html`<div class="field"><label for="f-format">Result as</label>
            <select id="f-format" name="format" data-kind="format"><option value="">JSON</option><option value="markdown"${query.format === 'markdown' ? html` selected` : ''}>Markdown report</option></select></div>`
          }
          <div class="actions run-actions">
            ${
              session?.accountId
                ? html`<button type="submit" id="run">Run (${credits(tool.cost)})</button><span class="muted" id="run-status" role="status" aria-live="polite"></span>`
                : html`<p class="signin-to-run"><a class="button" href="/signin?next=${encodeURIComponent(page)}">Sign in to run</a> <span class="muted">Runs are billed to your account like any API call.</span></p>`
            }
          </div>
          <noscript><p class="muted">Running a tool from this page needs JavaScript; the examples and schemas below show the same request for curl.</p></noscript>
        </form>
        </section>

        <section id="result" class="result" aria-labelledby="result-h" hidden>
          <h2 id="result-h" tabindex="-1">Result</h2>
          <div id="result-body"></div>
        </section>
        </div>
        <section id="snippets" class="snippets" aria-labelledby="snippets-h" hidden>
          <h2 id="snippets-h">The same call from code</h2>
          <p class="muted">Replace <code>$TOOLAPI_KEY</code> with a key from <a href="/dashboard/keys">API keys</a>.</p>
          ${(['curl', 'client', 'mcp'] as const).map(
            (id) => html`<div class="snippet"><h3>${SNIPPET_TITLES[id]}</h3><pre id="snippet-${id}" tabindex="0"></pre>
              <p class="actions"><button type="button" class="secondary" data-copy="snippet-${id}">Copy</button><span class="copy-status" role="status" aria-live="polite"></span></p></div>`,
          )}
        </section>

        <h2 id="examples">Examples</h2>
        ${tool.examples.map((e, i) => exampleBlock(tool, e, i + 1, page))}

        <h2>Input schema</h2>
        <details><summary>JSON Schema of the input</summary><pre tabindex="0">${JSON.stringify(input, null, 2)}</pre></details>
        <h2>Output schema</h2>
        <details><summary>JSON Schema of <code>result</code></summary><pre tabindex="0">${JSON.stringify(output, null, 2)}</pre></details>`,
    });
  });

  // A Markdown result rendered safely on the server (tools/markdown.ts); the playground inserts it. Same-site
  // only, like every POST of the pages (web/index.ts); it reads nothing and writes nothing.
  const markdownBody = z.object({ markdown: z.string().max(MAX_MARKDOWN_CHARS) });
  web.post('/tools/render-markdown', { bodyLimit: 2 * MAX_MARKDOWN_CHARS }, async (request, reply) => {
    const parsed = markdownBody.safeParse(request.body);
    if (!parsed.success) throw new ToolError('validation_failed', `markdown: a string of at most ${MAX_MARKDOWN_CHARS} characters.`);
    return reply
      .type('application/json; charset=utf-8')
      .header('cache-control', 'no-store')
      .send({ html: renderSafeMarkdown(parsed.data.markdown) });
  });
};

const SNIPPET_TITLES = { curl: 'curl', client: '@toolapi/client (TypeScript)', mcp: 'MCP: invoke_tool' } as const;

/** The page of a tool: `/tools/<module>/<slug>` (a slug may hold a slash, e.g. rank-checker/keywords). */
function pageOf(tool: AnyTool): string {
  return `/tools/${tool.module}/${tool.slug}`;
}

function exampleBlock(tool: AnyTool, example: AnyTool['examples'][number], n: number, page: string): Html {
  const title = example.title ?? `Example ${n}`;
  return html`<article class="example" aria-labelledby="ex-${n}">
    <h3 id="ex-${n}">${title}</h3>
    <p><a class="button secondary small use-example" href="${page}?example=${n}#try" data-example-input="${JSON.stringify(example.input)}"${
      example.upload
        ? html` data-upload-name="${example.upload.fileName}"${example.upload.content !== undefined ? html` data-upload-content="${example.upload.content}"` : ''}`
        : ''
    }>Use this example<span class="visually-hidden">: ${title}</span></a></p>
    ${example.upload && html`<p>Uploads <code>${example.upload.fileName}</code>${example.upload.content !== undefined ? ':' : '.'}</p>${example.upload.content !== undefined && html`<pre tabindex="0">${example.upload.content}</pre>`}`}
    <p>Input:</p><pre tabindex="0">${JSON.stringify(example.input, null, 2)}</pre>
    ${example.output !== undefined && html`<p>Result${tool.response === 'envelope' ? html` (the envelope's <code>result</code>)` : ''}:</p><pre tabindex="0">${typeof example.output === 'string' ? example.output : JSON.stringify(example.output, null, 2)}</pre>`}
    ${example.reference && html`<p class="muted">Expected result from: ${example.reference}</p>`}
  </article>`;
}

/** Lower-case words of a search; a tool matches when its title, module, slug and keywords hold every one. */
function searchWords(q: string): string[] {
  return q.toLowerCase().split(/\s+/).filter(Boolean);
}

function haystack(tool: AnyTool): string {
  return [tool.title, tool.module, tool.slug, ...tool.keywords].join(' ').toLowerCase();
}

/** Up to the first full stop that ends a sentence (not the one of "e.g." or "i.e."). */
function firstSentence(text: string): string {
  const end = text.search(/(?<!\b(?:e\.g|i\.e|etc|vs))\.(?=\s+[A-Z("“]|$)/);
  return end === -1 ? text : text.slice(0, end + 1);
}

function credits(n: number): string {
  return `${n} credit${n === 1 ? '' : 's'}`;
}

function countText(shown: number, total: number): string {
  return shown === total ? `${total} tools.` : `${shown} of ${total} tools match.`;
}
