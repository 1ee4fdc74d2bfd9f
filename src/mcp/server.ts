import { randomUUID } from 'node:crypto';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Logger } from 'pino';
import { asToolError, errorBody, ToolError } from '../core/errors.ts';
import { validationError, type CallerIdentity } from '../core/invoke.ts';
import { META_TOOLS, toolListing, type CallContext, type McpCore } from './tools.ts';

/**
 * One MCP server (protocol endpoint) over the meta-tools. The transport authenticates each HTTP request once
 * and hands the resolved principal over in `authInfo.extra`, so every tools/call (and each step it runs) bills
 * the key it came with, on SSE too, without authenticating again.
 */
export const SERVER_INFO = { name: 'toolapi', version: '1.0.0' };

const INSTRUCTIONS = `toolapi: hundreds of utility tools (SEO, security, text, calculators, conversions, developer, marketing) behind one API key.
Loop: plan_task(goal) is free and shows the plan and credit estimate; solve_task(goal, input) runs it and returns a job report (score, findings, ranked fixes);
apply the fixes; verify_task(baseline = that report) re-runs and returns delta.gate (pass/fail/unknown); repeat until pass.
discover_tools and get_tool_schema browse the catalog for free; invoke_tool calls one tool exactly like REST; list_skills / load_skill / run_playbook use ready-made playbooks.
Vague goals get "suggest" and missing inputs "need_input" (both free): re-call with a clearer goal or the fields; never invent operation ids.`;

export interface AuthExtra {
  principal: CallerIdentity & { keyId: string };
  requestId: string;
}

const LISTING = toolListing();
const BY_NAME = new Map(META_TOOLS.map((t) => [t.name, t]));

export function createMcpServer(core: McpCore, logger: Logger): Server {
  const server = new Server(SERVER_INFO, { capabilities: { tools: { listChanged: false } }, instructions: INSTRUCTIONS });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: LISTING as never }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const auth = extra.authInfo;
    const authExtra = auth?.extra as Partial<AuthExtra> | undefined;
    const requestId = `${authExtra?.requestId ?? 'mcp'}:${randomUUID().slice(0, 8)}`;
    const log = logger.child({ requestId, tool: request.params.name });
    try {
      if (!auth || !authExtra?.principal) throw new ToolError('unauthorized', 'X-Api-Key: missing; send the header with an API key (keys begin with tk_).');
      const tool = BY_NAME.get(request.params.name);
      if (!tool) throw new ToolError('not_found', `tool: no meta-tool "${request.params.name}"; tools/list names the twelve.`);
      const parsed = tool.input.safeParse(request.params.arguments ?? {});
      if (!parsed.success) throw validationError(parsed.error);
      const { principal } = authExtra;
      const ctx: CallContext = { accountId: principal.accountId, keyId: principal.keyId, identity: principal, requestId, log, signal: extra.signal };
      const structured = await tool.handler(parsed.data as Record<string, unknown>, ctx, core);
      return { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured };
    } catch (cause) {
      const error = asToolError(cause);
      if (error.status >= 500) log.error({ err: cause }, 'meta-tool failed');
      const suggestions = (cause as { suggestions?: unknown }).suggestions;
      const body = { ...errorBody(error), ...(Array.isArray(suggestions) ? { suggestions } : {}) };
      return { isError: true, content: [{ type: 'text', text: JSON.stringify(body) }] };
    }
  });
  return server;
}
