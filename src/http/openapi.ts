import type { JsonSchema } from '../registry/json-schema.ts';
import { MODULES } from '../registry/modules.ts';
import type { Registry } from '../registry/registry.ts';
import { components } from './openapi-components.ts';
import { withSafeDescriptions } from './openapi-markdown.ts';
import { REFUSING_ROUTES, ROUTE_TAGS, routeDoc, routeOperation } from './openapi-routes.ts';
import { toolPathItem, type ToolDocLimits } from './openapi-tools.ts';

/** A route the app serves, as recorded when it was added. */
export interface RouteInfo {
  method: string;
  url: string;
  /** Served by a tool: documented from the registry. */
  tool: boolean;
}

const DESCRIPTION = `Hundreds of small, dependable tools behind one API key with a monthly credit quota.

- **Keys**: send \`X-Api-Key: tk_…\` (or \`Authorization: Bearer tk_…\`) on every tool call. Catalogs, this document and file downloads need none.
- **Inputs**: a JSON object with the tool's fields, at the top level or nested under \`inputs\`; a field the tool does not take is a 400 naming it.
- **Files**: file tools take \`multipart/form-data\` (the file in the field each operation names, other fields as text) and answer with a signed \`downloadUrl\`, valid 1 hour, that needs no key.
- **Errors**: \`{status: false, code, message, error, detail, param, requestId, docUrl}\` with a stable \`error\` code; the detail names the field and what is allowed, \`param\` the field itself.
- **Retries and long jobs**: send \`Idempotency-Key\` to make a retried POST safe (billed once), and \`Prefer: respond-async\` to get a 202 and a job to poll at \`/api/v1/jobs/{jobId}\`.
- **Quota**: every keyed response carries \`RateLimit\`, \`RateLimit-Policy\` and \`X-Quota-Remaining\`; a failed call is refunded.`;

/** The migration notes that the \`Link\` header of \`?delivery=binary\` answers points to (\`/docs#delivery\`). */
const deliveryNotes = (sunset: string): string => `## Delivery

A file tool answers with a link: GET the \`downloadUrl\` of its result (no key needed; valid 1 hour; the file is removed within 24 hours).
The older \`?delivery=binary\`, which put the file's bytes in the response, is deprecated (\`Deprecation\` and \`Sunset\` headers say so) and ends on ${sunset}: after that it is a 410. To move, drop the parameter and download the \`downloadUrl\`.`;

/** The OpenAPI 3.1 document of every route: tools derived from the registry, the rest from `routes`. */
export function buildOpenApi(registry: Registry, version: string, routes: readonly RouteInfo[], limits: ToolDocLimits): JsonSchema {
  const paths: Record<string, JsonSchema> = {};
  for (const tool of registry.tools) paths[tool.path] = toolPathItem(tool, limits);
  for (const route of routes) {
    if (route.tool || REFUSING_ROUTES.has(`${route.method} ${route.url}`)) continue;
    const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    (paths[path] ??= {})[route.method.toLowerCase()] = routeOperation(route.method, path, routeDoc(route.method, path));
  }

  const modules = registry.modules();
  const routeTags = Object.keys(ROUTE_TAGS);
  return withSafeDescriptions({
    openapi: '3.1.0',
    info: { title: 'toolapi', version, description: `${DESCRIPTION}\n\n${deliveryNotes(limits.binarySunset)}` },
    servers: [{ url: '/', description: 'This server' }],
    tags: [
      ...modules.map((m) => ({ name: m, 'x-displayName': MODULES[m].title, description: `${MODULES[m].title}: ${registry.inModule(m).length} tools` })),
      ...routeTags.map((name) => ({ name, description: ROUTE_TAGS[name] })),
    ],
    // Sidebar groups of the reference (/docs): the tools by module, then the service's own routes.
    'x-tagGroups': [
      { name: 'Tools', tags: modules },
      { name: 'Service', tags: routeTags },
    ],
    paths,
    components: components(),
  });
}
