import { createHash } from 'node:crypto';
import { z } from 'zod';
import { ToolError } from '../../core/errors.ts';
import { isModuleName, MODULE_NAMES } from '../../registry/modules.ts';
import type { CatalogItem } from '../catalog.ts';
import { discover } from '../router.ts';
import { defineMetaTool, readOnly } from './define.ts';

/** Deeper than the whole catalog: a cursor past it is not one this server gave. */
const MAX_OFFSET = 1000;

function describeItem(item: CatalogItem, score?: number) {
  return {
    kind: item.kind,
    id: item.id,
    title: item.title,
    description: item.description,
    group: item.group,
    cost: item.cost,
    requiredInputs: item.requires.map((g) => g.join(' or ')),
    ...(item.kind === 'workflow' ? { tools: item.operationIds } : { path: item.tool?.path }),
    ...(score !== undefined ? { score: Math.round(score * 100) / 100 } : {}),
  };
}

/**
 * Paging (MCP "Pagination"): an opaque cursor holding the offset and which search it belongs to, so a cursor
 * passed with another query is refused instead of skipping into an unrelated list.
 */
function searchOf(query: string, group: string | undefined, kind: string | undefined): string {
  return createHash('sha256')
    .update(JSON.stringify([query, group ?? '', kind ?? '']))
    .digest('base64url')
    .slice(0, 12);
}

function cursorOf(offset: number, search: string): string {
  return Buffer.from(JSON.stringify({ offset, search })).toString('base64url');
}

function offsetOf(cursor: string | undefined, search: string): number {
  if (!cursor) return 0;
  let decoded: { offset?: unknown; search?: unknown } | undefined;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as typeof decoded;
  } catch {
    decoded = undefined;
  }
  const offset = decoded?.offset;
  if (typeof offset !== 'number' || !Number.isInteger(offset) || offset < 0 || offset > MAX_OFFSET || decoded?.search !== search)
    throw new ToolError('validation_failed', 'cursor: not a nextCursor discover_tools returned for this query, module and kind; start again without cursor.');
  return offset;
}

export const discoverTools = defineMetaTool({
  name: 'discover_tools',
  title: 'Search the catalog (free)',
  description:
    'Free. Searches every tool and workflow by meaning: titles, descriptions, keywords and example goals, with fuzzy and prefix matching and synonyms ' +
    '("ssl" finds TLS certificate tools). Filter by module (e.g. "seo-apis") or workflow category (seo, security, marketing, developer, performance). ' +
    'Without a query it lists the module. Use the returned ids with get_tool_schema, invoke_tool or run_workflow.',
  input: z.object({
    query: z.string().max(500).optional().describe('What you are looking for, e.g. "check ssl certificate expiry"'),
    module: z
      .string()
      .max(60)
      .optional()
      .describe(`A module (${MODULE_NAMES.join(', ')}) or a workflow category`),
    kind: z.enum(['tool', 'workflow']).optional(),
    limit: z.number().int().min(1).max(50).optional().describe('Results per page; default 10'),
    cursor: z.string().max(200).optional().describe('The nextCursor of the previous page, with the same query, module and kind'),
  }),
  output: z.object({
    query: z.string(),
    total: z.number().int().describe('Results on this page'),
    results: z.array(
      z.object({
        kind: z.enum(['tool', 'workflow']),
        id: z.string(),
        title: z.string(),
        description: z.string(),
        group: z.string(),
        cost: z.number(),
        requiredInputs: z.array(z.string()),
      }),
    ),
    modules: z.array(z.object({ module: z.string(), tools: z.number().int() })).optional(),
    nextCursor: z.string().optional().describe('Present when more results follow: pass it as cursor for the next page'),
    nextActions: z.array(z.string()),
  }),
  annotations: readOnly,
  handler: async (args, _ctx, core) => {
    const query = args.query ?? '';
    const group = args.module || undefined;
    if (group && !isModuleName(group) && !core.catalog.items.some((i) => i.group === group)) {
      throw new ToolError(
        'validation_failed',
        `module: unknown; use one of ${MODULE_NAMES.join(', ')} or a workflow category (seo, security, marketing, developer, performance).`,
      );
    }
    const { kind } = args;
    const limit = args.limit ?? 10;
    const search = searchOf(query, group, kind);
    const offset = offsetOf(args.cursor, search);
    // One more hit than the page holds tells whether another page follows.
    const hits = discover(core.catalog, query, { ...(group ? { group } : {}), ...(kind ? { kind } : {}), limit: offset + limit + 1 });
    const results = hits.slice(offset, offset + limit).map((h) => describeItem(h.item, query ? h.score : undefined));
    const modules = query || group || offset > 0 ? undefined : core.registry.modules().map((m) => ({ module: m, tools: core.registry.inModule(m).length }));
    return {
      query,
      total: results.length,
      results,
      ...(modules ? { modules } : {}),
      ...(hits.length > offset + limit ? { nextCursor: cursorOf(offset + limit, search) } : {}),
      nextActions:
        results.length > 0
          ? ["get_tool_schema {operationId} shows a tool's input schema and examples; invoke_tool runs it; run_workflow runs a workflow."]
          : ['Try other words, or list a module with discover_tools {module}.'],
    };
  },
});
