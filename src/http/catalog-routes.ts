import type { FastifyInstance } from 'fastify';
import { catalogEntry } from '../registry/json-schema.ts';
import { MODULE_NAMES, MODULES, type ModuleName } from '../registry/modules.ts';
import type { Registry } from '../registry/registry.ts';

/** Public catalogs (no key): one per module and one of everything (docs/contract.md "Catalogs"). */
export function registerCatalogRoutes(app: FastifyInstance, registry: Registry, buildAtBoot: boolean): void {
  const catalogs = new Map<ModuleName, ReturnType<typeof buildModuleCatalog>>();
  // Each built once: at boot (as `npm start` runs), or on its first request (TOOLAPI_LIBRARIES_LOAD=first-use).
  const moduleCatalog = (module: ModuleName) => catalogs.get(module) ?? catalogs.set(module, buildModuleCatalog(registry, module)).get(module)!;
  let all: { status: true; code: 200; message: string; result: { count: number; modules: ReturnType<typeof buildModuleCatalog>[] } } | undefined;
  const everything = () => (all ??= success({ count: registry.tools.length, modules: registry.modules().map(moduleCatalog) }));
  for (const module of MODULE_NAMES) {
    let body: ReturnType<typeof success<ReturnType<typeof buildModuleCatalog>>> | undefined;
    app.get(`/api/v1/${module}/catalog`, async () => (body ??= success(moduleCatalog(module))));
  }
  app.get('/api/v1/catalog', async () => everything());
  if (buildAtBoot) {
    app.addHook('onReady', async () => {
      everything();
    });
  }
}

function buildModuleCatalog(registry: Registry, module: ModuleName) {
  const tools = registry.inModule(module).map(catalogEntry);
  return { module, title: MODULES[module].title, count: tools.length, tools };
}

function success<T>(result: T): { status: true; code: 200; message: string; result: T } {
  return { status: true, code: 200, message: 'Success', result };
}
