import type { FastifyInstance } from 'fastify';
import { catalogEntry } from '../registry/json-schema.ts';
import { MODULE_NAMES, MODULES, type ModuleName } from '../registry/modules.ts';
import type { Registry } from '../registry/registry.ts';

/** Public catalogs (no key): one per module and one of everything (docs/contract.md "Catalogs"). */
export function registerCatalogRoutes(app: FastifyInstance, registry: Registry, buildAtBoot: boolean): void {
  // Each built once: at boot (as `npm start` runs), or on its first request (TOOLAPI_LIBRARIES_LOAD=first-use).
  const moduleCatalogs = new Map(MODULE_NAMES.map((module) => [module, once(() => moduleCatalog(registry, module))]));
  const catalogOf = (module: ModuleName) => moduleCatalogs.get(module)!();
  for (const module of MODULE_NAMES) {
    const body = once(() => success(catalogOf(module)));
    app.get(`/api/v1/${module}/catalog`, async () => body());
  }
  const everything = once(() => success({ count: registry.tools.length, modules: registry.modules().map(catalogOf) }));
  app.get('/api/v1/catalog', async () => everything());
  if (buildAtBoot) {
    app.addHook('onReady', async () => {
      everything();
    });
  }
}

function moduleCatalog(registry: Registry, module: ModuleName) {
  const tools = registry.inModule(module).map(catalogEntry);
  return { module, title: MODULES[module].title, count: tools.length, tools };
}

function success<T>(result: T): { status: true; code: 200; message: string; result: T } {
  return { status: true, code: 200, message: 'Success', result };
}

function once<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => (built ??= { value: build() }).value;
}
