import { META_TOOLS } from '../../mcp/tools.ts';
import { html } from '../html.ts';
import type { PageModule } from '../index.ts';
import { accountSession, sendPage } from '../respond.ts';

const KEY_PLACEHOLDER = 'YOUR_API_KEY';

/**
 * Connect an agent: the MCP endpoints of this service, configuration snippets for common MCP clients (the key
 * is a placeholder: pages never hold a key), and the meta-tools an agent sees.
 */
export const registerConnectPages: PageModule = (web, { publicUrl }) => {
  web.get('/dashboard/connect', async (request, reply) => {
    const session = accountSession(request, reply);
    if (!session) return reply;
    const http = `${publicUrl()}/mcp/http`;
    const sse = `${publicUrl()}/mcp`;
    const snippets = [
      {
        id: 'cfg-generic',
        title: 'Claude Desktop, Cursor, Windsurf and most clients (mcpServers JSON)',
        text: JSON.stringify({ mcpServers: { toolapi: { type: 'http', url: http, headers: { 'X-Api-Key': KEY_PLACEHOLDER } } } }, null, 2),
      },
      {
        id: 'cfg-vscode',
        title: 'VS Code (.vscode/mcp.json; asks for the key once)',
        text: JSON.stringify(
          {
            servers: { toolapi: { type: 'http', url: http, headers: { 'X-Api-Key': '${input:toolapi-key}' } } },
            inputs: [{ type: 'promptString', id: 'toolapi-key', description: 'toolapi API key', password: true }],
          },
          null,
          2,
        ),
      },
      {
        id: 'cfg-claude-code',
        title: 'Claude Code (command line)',
        text: `claude mcp add --transport http toolapi ${http} --header "X-Api-Key: ${KEY_PLACEHOLDER}"`,
      },
      {
        id: 'cfg-sse',
        title: 'Clients that only speak the older SSE transport',
        text: JSON.stringify({ mcpServers: { toolapi: { type: 'sse', url: sse, headers: { 'X-Api-Key': KEY_PLACEHOLDER } } } }, null, 2),
      },
    ];
    return sendPage(request, reply, {
      title: 'Connect an agent',
      current: '/dashboard/connect',
      body: html`<p>Agents reach every tool through the MCP server of this service, billed to the key they send.</p>
        <dl>
          <dt>Streamable HTTP (recommended)</dt><dd><code>${http}</code></dd>
          <dt>SSE</dt><dd><code>${sse}</code></dd>
        </dl>
        <p>Replace <code>${KEY_PLACEHOLDER}</code> with a key from <a href="/dashboard/keys">API keys</a> (create one per agent, limited to the tools it needs).</p>
        ${snippets.map(
          (s) => html`<h2>${s.title}</h2>
            <pre id="${s.id}">${s.text}</pre>
            <p class="actions"><button type="button" class="secondary" data-copy="${s.id}">Copy</button><span class="copy-status" role="status" aria-live="polite"></span></p>`,
        )}
        <h2>The ${META_TOOLS.length} meta-tools</h2>
        <div class="table-wrap"><table>
          <thead><tr><th scope="col">Tool</th><th scope="col">What it does</th></tr></thead>
          <tbody>${META_TOOLS.map((tool) => html`<tr><td><code>${tool.name}</code><br><span class="hint">${tool.title}</span></td><td>${firstSentence(tool.description)}</td></tr>`)}</tbody>
        </table></div>`,
    });
  });
};

/** The sentence that says what a meta-tool does (its description may open with "Free."). */
function firstSentence(description: string): string {
  const sentences = description.split(/(?<=\.)\s+/);
  return (sentences[0] === 'Free.' ? sentences[1] : sentences[0]) ?? description;
}
