import { McpError, type ReadResourceResult, type Resource, type ResourceTemplate } from '@modelcontextprotocol/sdk/types.js';
import { ToolError } from '../core/errors.ts';
import type { CallContext, McpCore } from './meta/define.ts';
import { META_TOOLS } from './tools.ts';
import { decodeOrKeep } from '../lib/percent-decode.ts';

/**
 * Resources (spec "Resources"): the catalog, each tool's and workflow's schema, and the caller's runs with
 * their results. resources/list pages through them (`nextCursor`); resources/read of a run is what get_run
 * returns, of a tool what get_tool_schema returns, so the two ways to read cannot drift apart.
 */
export const CATALOG_URI = 'toolapi://catalog';
const TOOL_PREFIX = 'toolapi://tools/';
const RUN_PREFIX = 'toolapi://runs/';
const JSON_TYPE = 'application/json';
const PAGE_SIZE = 100;
/** The spec's "resource not found" error code. */
const RESOURCE_NOT_FOUND = -32002;

export const RESOURCE_TEMPLATES: ResourceTemplate[] = [
  { uriTemplate: `${TOOL_PREFIX}{operationId}`, name: 'tool', title: 'A tool or workflow: input and output schema, examples, cost', mimeType: JSON_TYPE },
  { uriTemplate: `${RUN_PREFIX}{runId}`, name: 'run', title: 'A run started with async: true: status and result', mimeType: JSON_TYPE },
];

export function runUri(runId: string): string {
  return `${RUN_PREFIX}${runId}`;
}

function cursorOf(offset: number): string {
  return Buffer.from(JSON.stringify({ offset })).toString('base64url');
}

function offsetOf(cursor: string | undefined): number {
  if (!cursor) return 0;
  try {
    const { offset } = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { offset?: unknown };
    if (typeof offset === 'number' && Number.isInteger(offset) && offset >= 0) return offset;
  } catch {
    // falls through to the error below
  }
  throw new McpError(-32602, 'cursor: not a cursor this server gave; start again without one.');
}

/** The catalog, then every tool and workflow, then the account's runs (newest first), a page at a time. */
export async function listResources(core: McpCore, accountId: string, cursor: string | undefined): Promise<{ resources: Resource[]; nextCursor?: string }> {
  const offset = offsetOf(cursor);
  const fixed: Resource[] = [
    { uri: CATALOG_URI, name: 'catalog', title: 'Every tool and workflow, with ids and costs', mimeType: JSON_TYPE },
    ...core.catalog.items.map((item) => ({ uri: `${TOOL_PREFIX}${item.id}`, name: item.id, title: item.title, mimeType: JSON_TYPE })),
  ];
  const page = fixed.slice(offset, offset + PAGE_SIZE);
  const room = PAGE_SIZE - page.length;
  // One more run than there is room for tells whether another page follows.
  const runs = await core.runs.list(accountId, Math.max(0, offset - fixed.length), room + 1);
  for (const run of runs.slice(0, room)) {
    page.push({ uri: runUri(run.runId), name: `run ${run.runId}`, title: `${run.tool} run, ${run.status} (${run.createdAt})`, mimeType: JSON_TYPE });
  }
  const more = offset + PAGE_SIZE < fixed.length || runs.length > room;
  return { resources: page, ...(more ? { nextCursor: cursorOf(offset + page.length) } : {}) };
}

export async function readResource(core: McpCore, ctx: CallContext, uri: string): Promise<ReadResourceResult> {
  const text = (value: unknown): ReadResourceResult => ({ contents: [{ uri, mimeType: JSON_TYPE, text: JSON.stringify(value) }] });
  if (uri === CATALOG_URI) {
    return text({
      tools: core.catalog.items
        .filter((i) => i.kind === 'tool')
        .map((i) => ({ operationId: i.id, title: i.title, module: i.group, cost: i.cost, uri: `${TOOL_PREFIX}${i.id}` })),
      workflows: core.catalog.items
        .filter((i) => i.kind === 'workflow')
        .map((i) => ({ id: i.id, title: i.title, category: i.group, cost: i.cost, uri: `${TOOL_PREFIX}${i.id}` })),
    });
  }
  const [tool, args] = uri.startsWith(TOOL_PREFIX)
    ? (['get_tool_schema', { operationId: decodeOrKeep(uri.slice(TOOL_PREFIX.length)) }] as const)
    : uri.startsWith(RUN_PREFIX)
      ? (['get_run', { runId: decodeOrKeep(uri.slice(RUN_PREFIX.length)) }] as const)
      : [undefined, undefined];
  const metaTool = META_TOOLS.find((t) => t.name === tool);
  if (!metaTool || !args)
    throw new McpError(RESOURCE_NOT_FOUND, `uri: "${uri}" is not a resource here; resources/list and resources/templates/list name them.`);
  try {
    return text(await metaTool.call(args, ctx, core));
  } catch (error) {
    if (error instanceof ToolError && error.code === 'not_found') throw new McpError(RESOURCE_NOT_FOUND, `uri: ${error.detail}`);
    throw error;
  }
}
