import type { FastifyInstance } from 'fastify';
import type { Engines } from '../engines/index.ts';
import type { EngineNeed } from '../registry/define-tool.ts';
import type { ModuleName } from '../registry/modules.ts';
import type { Registry } from '../registry/registry.ts';

/** Modules with a public `GET /api/v1/{module}/supported-conversions` (docs/contract.md "Files"). */
export const CONVERSION_MODULES: readonly ModuleName[] = ['documents', 'office', 'web', 'ebook', 'archive'];

/** Whether this machine has what a conversion needs (a missing LibreOffice or pandoc hides its conversions). */
export function engineReady(engines: Engines, need: EngineNeed): boolean {
  if (need === 'office') return engines.office?.available() ?? false;
  if (need === 'images') return engines.images?.available() ?? false;
  if (need === 'hevc') return engines.images?.heicEncoderAvailable() ?? false;
  if (need === 'calibre') return engines.ebook?.available() ?? false;
  if (need === 'bsdtar' || need === '7z' || need === 'gzip' || need === 'bzip2' || need === 'rar') return engines.archive?.available(need) ?? false;
  if (need === 'pandoc') return engines.pandoc?.available() ?? false;
  return engines.poppler?.available(need) ?? false;
}

/** Lists exactly the conversions that answer on this machine, derived from the tools' declarations. */
export function registerConversionRoutes(app: FastifyInstance, registry: Registry, engines: Engines): void {
  for (const module of CONVERSION_MODULES) {
    app.get(`/api/v1/${module}/supported-conversions`, async () => {
      const conversions = registry
        .inModule(module)
        .filter((tool) => tool.conversion && tool.conversion.engines.every((need) => engineReady(engines, need)))
        .map((tool) => ({
          slug: tool.slug,
          from: tool.conversion?.from,
          to: tool.conversion?.to,
          method: tool.method,
          path: tool.path,
          operationId: tool.operationId,
        }));
      const unavailable = registry
        .inModule(module)
        .filter((tool) => tool.conversion && !tool.conversion.engines.every((need) => engineReady(engines, need)))
        .map((tool) => ({ slug: tool.slug, missing: tool.conversion?.engines.filter((need) => !engineReady(engines, need)) }));
      return { status: true, code: 200, message: 'Success', result: { module, count: conversions.length, conversions, unavailable } };
    });
  }
}
