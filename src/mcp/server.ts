import { randomUUID } from 'node:crypto';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import {
  CallToolRequestSchema,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type CallToolResult,
  type CreateTaskResult,
  type ServerNotification,
  type ServerRequest,
} from '@modelcontextprotocol/sdk/types.js';
import type { Logger } from 'pino';
import { asToolError, errorBody, ToolError } from '../core/errors.ts';
import type { CallerIdentity } from '../core/invoke.ts';
import { startProgress } from './progress.ts';
import { getPrompt, promptOf } from './prompts.ts';
import { listResources, readResource, RESOURCE_TEMPLATES } from './resources.ts';
import { createTask, registerTaskHandlers, TASKS_CAPABILITY } from './tasks.ts';
import type { CallContext, Elicit, McpCore } from './meta/define.ts';
import { META_TOOLS, toolListing } from './tools.ts';

/**
 * One MCP server (protocol endpoint) over the meta-tools. The transport authenticates each HTTP request once
 * and hands the resolved principal over in `authInfo.extra`, so every tools/call (and each step it runs) bills
 * the key it came with, on SSE too, without authenticating again.
 */
export const SERVER_INFO = { name: 'toolapi', version: '1.0.0' };

const INSTRUCTIONS = `toolapi: hundreds of utility tools (SEO, security, text, calculators, conversions, developer, marketing) behind one API key.
Loop: plan_task(goal) is free and shows the plan and credit estimate; solve_task(goal, input) runs it and returns a job report (score, findings, ranked fixes);
apply the fixes; verify_task(baseline = that report) re-runs and returns delta.gate (pass/fail/unknown); repeat until pass.
discover_tools and get_tool_schema browse the catalog for free; invoke_tool calls one tool exactly like REST; list_skills / load_skill / run_playbook use ready-made playbooks (also as prompts).
Resources: toolapi://catalog, toolapi://tools/{operationId}, toolapi://runs/{runId}. The job tools also run as MCP tasks (params.task; the taskId is the runId). Send a progressToken for progress notifications; notifications/cancelled stops a call and refunds what did not finish.
Vague goals get "suggest" and missing inputs "need_input" (both free): re-call with a clearer goal or the fields; never invent operation ids.`;

export interface AuthExtra {
  principal: CallerIdentity & { keyId: string };
  requestId: string;
}

const LISTING = toolListing();
const BY_NAME = new Map(META_TOOLS.map((t) => [t.name, t]));

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/** The caller of a request, as the transport authenticated it; 401 without one. */
function contextOf(extra: Extra, logger: Logger, label: string): CallContext {
  const auth = extra.authInfo;
  const authExtra = auth?.extra as Partial<AuthExtra> | undefined;
  const requestId = `${authExtra?.requestId ?? 'mcp'}:${randomUUID().slice(0, 8)}`;
  const log = logger.child({ requestId, tool: label });
  if (!auth || !authExtra?.principal) throw new ToolError('unauthorized', 'X-Api-Key: missing; send the header with an API key (keys begin with tk_).');
  const { principal } = authExtra;
  return { accountId: principal.accountId, keyId: principal.keyId, identity: principal, requestId, log, signal: extra.signal };
}

/** Errors of the resource and prompt requests: JSON-RPC errors with the REST detail as the message. */
function asMcpError(cause: unknown): McpError {
  if (cause instanceof McpError) return cause;
  const error = asToolError(cause);
  return new McpError(error.status === 401 ? -32001 : error.status < 500 ? -32602 : -32603, error.detail || error.message);
}

/**
 * Asks the client's user for input (MCP "Elicitation", form mode), tied to the call so a cancelled call stops
 * waiting. Only a session knows the client's capabilities: on the stateless endpoint no call has an initialized
 * server, so there need_input is answered as it is.
 */
function elicitFrom(server: Server, extra: Extra): Elicit {
  return async (message, requestedSchema) => {
    const answer = await server.elicitInput({ mode: 'form', message, requestedSchema }, { signal: extra.signal, relatedRequestId: extra.requestId });
    return answer.action === 'accept' && answer.content ? answer.content : undefined;
  };
}

export function createMcpServer(core: McpCore, logger: Logger): Server {
  const server = new Server(SERVER_INFO, {
    capabilities: { tools: { listChanged: false }, prompts: { listChanged: false }, resources: { listChanged: false }, tasks: TASKS_CAPABILITY },
    instructions: INSTRUCTIONS,
  });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: LISTING as never }));
  server.setRequestHandler(ListPromptsRequestSchema, async () => ({ prompts: core.skills.map((skill) => promptOf(skill, core.catalog)) }));
  server.setRequestHandler(GetPromptRequestSchema, async (request) =>
    getPrompt(core.skills, core.catalog, request.params.name, request.params.arguments ?? {}),
  );
  server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({ resourceTemplates: RESOURCE_TEMPLATES }));
  server.setRequestHandler(ListResourcesRequestSchema, async (request, extra) => {
    try {
      return await listResources(core, contextOf(extra, logger, 'resources/list').accountId, request.params?.cursor);
    } catch (cause) {
      throw asMcpError(cause);
    }
  });
  server.setRequestHandler(ReadResourceRequestSchema, async (request, extra) => {
    try {
      return await readResource(core, contextOf(extra, logger, 'resources/read'), request.params.uri);
    } catch (cause) {
      throw asMcpError(cause);
    }
  });
  registerTaskHandlers(server, core, (extra) => {
    try {
      return contextOf(extra, logger, 'tasks').accountId;
    } catch (cause) {
      throw asMcpError(cause);
    }
  });
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult | CreateTaskResult> => {
    if (request.params.task) {
      try {
        const tool = BY_NAME.get(request.params.name);
        if (!tool) throw new ToolError('not_found', `tool: no meta-tool "${request.params.name}"; tools/list names the twelve.`);
        return await createTask(tool, request.params.arguments, contextOf(extra, logger, request.params.name), core);
      } catch (cause) {
        throw asMcpError(cause);
      }
    }
    let log: Logger = logger;
    const token = request.params._meta?.progressToken;
    const progress =
      token === undefined
        ? undefined
        : startProgress(
            token,
            (params) => extra.sendNotification({ method: 'notifications/progress', params }),
            (error) => log.warn({ err: error }, 'progress notification failed'),
          );
    try {
      const ctx = contextOf(extra, logger, request.params.name);
      log = ctx.log as Logger;
      const tool = BY_NAME.get(request.params.name);
      if (!tool) throw new ToolError('not_found', `tool: no meta-tool "${request.params.name}"; tools/list names the twelve.`);
      const elicit = server.getClientCapabilities()?.elicitation ? elicitFrom(server, extra) : undefined;
      const structured = await tool.call(
        request.params.arguments,
        { ...ctx, ...(progress ? { progress: progress.step } : {}), ...(elicit ? { elicit } : {}) },
        core,
      );
      await progress?.finish();
      return { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured };
    } catch (cause) {
      await progress?.finish();
      const error = asToolError(cause);
      if (error.status >= 500) log.error({ err: cause }, 'meta-tool failed');
      const suggestions = (cause as { suggestions?: unknown }).suggestions;
      const body = { ...errorBody(error), ...(Array.isArray(suggestions) ? { suggestions } : {}) };
      return { isError: true, content: [{ type: 'text', text: JSON.stringify(body) }] };
    }
  });
  return server;
}
