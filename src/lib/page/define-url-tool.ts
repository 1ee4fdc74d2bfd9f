import { z } from 'zod';
import type { ToolContext } from '../../core/context.ts';
import { defineTool, type ExampleSite, type Tool } from '../../registry/define-tool.ts';
import type { ModuleName } from '../../registry/modules.ts';
import { auditShape, type Audit } from './audit.ts';
import { liveExample, siteExample, urlField } from './context.ts';
import { brokenShop } from './example-sites.ts';

type UrlField = ReturnType<typeof urlField>;
type UrlToolInput<P extends z.ZodRawShape> = z.ZodObject<{ url: UrlField } & P>;
type UrlToolOutput<F extends z.ZodRawShape> = z.ZodObject<{ url: z.ZodString } & F>;
type AuditFields = typeof auditShape;
type ServedFrom = { finalUrl: z.ZodString };

/** The parsed input: the normalised `url` and the `params`. */
export type UrlToolValues<P extends z.ZodRawShape> = { url: string } & z.output<z.ZodObject<P>>;

/** The example that runs offline on a made-up site (default: broken-shop's home page) and must raise `finds`. */
export interface OfflineExample<P extends z.ZodRawShape> {
  title: string;
  finds: string[];
  input?: z.input<UrlToolInput<P>>;
  site?: ExampleSite;
}

export interface UrlToolSpec<P extends z.ZodRawShape, F extends z.ZodRawShape, R = z.input<z.ZodObject<F>>> {
  module: ModuleName;
  slug: string;
  title: string;
  description: string;
  keywords: string[];
  /** Default 20 s: one page and, for some tools, a few of its resources. */
  timeoutMs?: number;
  cost?: number;
  /** How the `url` input is described when the default (a page URL) does not fit. */
  urlHelp?: string;
  /** Inputs besides `url`, built with the input schema on first use (docs/writing-tools.md "Schemas"). */
  params?: () => P;
  /** The tool's own output fields, after `url`, built with the output schema on first use. */
  fields: () => F;
  /** Examples on public pages (documentation only): title → input, or just its URL. */
  live: Record<string, string | z.input<UrlToolInput<P>>>;
  offline?: OfflineExample<P>;
  run(input: UrlToolValues<P>, ctx: ToolContext): Promise<R>;
}

/** What an audit's `run` returns: its own fields and the audit of its checks (buildAudit). */
export type UrlAuditSpec<P extends z.ZodRawShape, F extends z.ZodRawShape> = UrlToolSpec<P, F, z.input<z.ZodObject<F>> & { audit: Audit }> & {
  offline: OfflineExample<P>;
};

/**
 * A tool about one URL (docs/writing-tools.md): a GET taking `url` (and `params`) and answering `{url, ...fields}`.
 * The kit supplies what every such tool declares the same way, so a tool file holds only what it does.
 */
export function defineUrlTool<P extends z.ZodRawShape = Record<never, never>, F extends z.ZodRawShape = z.ZodRawShape>(
  spec: UrlToolSpec<P, F>,
): Tool<UrlToolInput<P>, UrlToolOutput<F>> {
  const { live, offline, fields, params, urlHelp, run, ...declaration } = spec;
  return defineTool<UrlToolInput<P>, UrlToolOutput<F>>({
    ...declaration,
    method: 'GET',
    timeoutMs: spec.timeoutMs ?? 20_000,
    input: () => z.object({ url: urlHelp === undefined ? urlField() : urlField(urlHelp), ...params?.() }) as UrlToolInput<P>,
    output: () => z.object({ url: z.string(), ...fields() }) as UrlToolOutput<F>,
    examples: [
      ...Object.entries(live).map(([title, example]) => liveExample(title, typeof example === 'string' ? urlInput<P>(example) : example)),
      ...(offline ? [siteExample(offline.title, offline.input ?? urlInput<P>('https://broken-shop.example/'), offline.site ?? brokenShop, offline.finds)] : []),
    ],
    run: async (parsed, ctx) => {
      const values = parsed as UrlToolValues<P>;
      return { url: values.url, ...(await run(values, ctx)) } as z.input<UrlToolOutput<F>>;
    },
  });
}

/** A URL tool that audits: its `run` returns `audit: buildAudit(checks)`, answered as the shared audit fields after its own. */
export function defineUrlAudit<P extends z.ZodRawShape = Record<never, never>, F extends z.ZodRawShape = z.ZodRawShape>(
  spec: UrlAuditSpec<P, F>,
): Tool<UrlToolInput<P>, UrlToolOutput<F & AuditFields>> {
  return defineUrlTool<P, F & AuditFields>({
    ...spec,
    fields: () => ({ ...spec.fields(), ...auditShape }),
    run: async (values, ctx) => {
      const { audit, ...own } = await spec.run(values, ctx);
      return { ...own, ...audit } as z.input<z.ZodObject<F & AuditFields>>;
    },
  });
}

/**
 * A URL audit of the page the URL serves: `finalUrl`, where the page was finally served from (after redirects),
 * comes first among its fields.
 */
export function definePageAudit<P extends z.ZodRawShape = Record<never, never>, F extends z.ZodRawShape = z.ZodRawShape>(
  spec: Omit<UrlAuditSpec<P, ServedFrom & F>, 'fields'> & { fields: () => F },
): Tool<UrlToolInput<P>, UrlToolOutput<ServedFrom & F & AuditFields>> {
  return defineUrlAudit<P, ServedFrom & F>({ ...spec, fields: () => ({ finalUrl: z.string(), ...spec.fields() }) as ServedFrom & F });
}

/** An example input that gives only the URL (the other inputs take their defaults). */
function urlInput<P extends z.ZodRawShape>(url: string): z.input<UrlToolInput<P>> {
  return { url } as z.input<UrlToolInput<P>>;
}
