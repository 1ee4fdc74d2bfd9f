import { ToolError } from '../../core/errors.ts';
import type { AnyTool } from '../../registry/define-tool.ts';
import type { Registry } from '../../registry/registry.ts';
import type { Catalog } from '../catalog.ts';

/** A tool by operationId, or by its module/slug path (with or without /api/v1/). */
export function resolveTool(registry: Registry, id: string): AnyTool | undefined {
  const direct = registry.byOperationId(id);
  if (direct) return direct;
  const path = id.replace(/^\/+/, '').replace(/^api\/v1\//, '');
  return registry.byPath(`/api/v1/${path}`);
}

/** not_found naming the closest real ids, which the MCP server returns as `suggestions`. */
export function unknownId(catalog: Catalog, field: string, id: string, what: string): ToolError {
  const similar = catalog.similarIds(id);
  const error = new ToolError(
    'not_found',
    `${field}: no ${what} "${id}"${similar.length > 0 ? `; did you mean ${similar.map((s) => `"${s}"`).join(', ')}?` : ''} Use discover_tools to search; never guess ids.`,
  );
  return Object.assign(error, { suggestions: similar });
}
