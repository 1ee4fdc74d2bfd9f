import type { FastifyInstance } from 'fastify';
import { catalogEntry } from '../registry/json-schema.ts';
import { MODULE_NAMES, MODULES, type ModuleName } from '../registry/modules.ts';
import type { Registry } from '../registry/registry.ts';

/** Public catalogs (no key): one per module and one of everything (docs/contract.md "Catalogs"). */
export function registerCatalogRoutes(app: FastifyInstance, registry: Registry): void {
  const moduleCatalog = (module: ModuleName) => {
    const tools = registry.inModule(module).map(catalogEntry);
    return { module, title: MODULES[module].title, count: tools.length, tools };
  };
  for (const module of MODULE_NAMES) {
    const body = { status: true, code: 200, message: 'Success', result: moduleCatalog(module) };
    app.get(`/api/v1/${module}/catalog`, async () => body);
  }
  const all = registry.modules().map(moduleCatalog);
  const body = { status: true, code: 200, message: 'Success', result: { count: registry.tools.length, modules: all } };
  app.get('/api/v1/catalog', async () => body);
}
