import { z } from 'zod';
import type { ToolContext } from '../../core/context.ts';
import { defineTool, type ExampleSite, type Tool } from '../../registry/define-tool.ts';
import type { ModuleName } from '../../registry/modules.ts';
import { auditShape, type Audit } from './audit.ts';
import { liveExample, siteExample, urlField } from './context.ts';
import { brokenShop } from './example-sites.ts';

type UrlField = ReturnType<typeof urlField>;
type UrlAuditInput<P extends z.ZodRawShape> = z.ZodObject<{ url: UrlField } & P>;
type UrlAuditOutput<F extends z.ZodRawShape> = z.ZodObject<{ url: z.ZodString } & F & typeof auditShape>;
/** The parsed input: the normalised `url` and the `params`. */
export type UrlAuditValues<P extends z.ZodRawShape> = { url: string } & z.output<z.ZodObject<P>>;

/** What a page audit's `run` returns: its own fields and the audit of its checks (buildAudit). */
export type UrlAuditResult<F extends z.ZodRawShape> = z.input<z.ZodObject<F>> & { audit: Audit };

export interface UrlAuditSpec<P extends z.ZodRawShape, F extends z.ZodRawShape> {
  module: ModuleName;
  slug: string;
  title: string;
  description: string;
  keywords: string[];
  /** Default 20 s: one page and, for some audits, a few of its resources. */
  timeoutMs?: number;
  cost?: number;
  /** How the `url` input is described when the default (a page URL) does not fit. */
  urlHelp?: string;
  /** Inputs besides `url`. */
  params?: P;
  /** The tool's own output fields, between `url` and the audit fields. */
  fields: F;
  /** Examples on public pages (documentation only): title → input, or just its URL. */
  live: Record<string, string | z.input<UrlAuditInput<P>>>;
  /** The example that runs offline on a made-up site (default: broken-shop's home page) and must raise `finds`. */
  offline: { title: string; finds: string[]; input?: z.input<UrlAuditInput<P>>; site?: ExampleSite };
  run(input: UrlAuditValues<P>, ctx: ToolContext): Promise<UrlAuditResult<F>>;
}

/**
 * A tool that audits one URL (docs/writing-tools.md): a GET taking `url` (and `params`), answering
 * `{url, ...fields}` plus the shared audit fields (score, breakdown, checks, findings) of the audit its `run`
 * returns. The kit supplies what every such tool declares the same way, so a tool file holds only
 * what it checks.
 */
export function defineUrlAudit<P extends z.ZodRawShape = Record<never, never>, F extends z.ZodRawShape = z.ZodRawShape>(
  spec: UrlAuditSpec<P, F>,
): Tool<UrlAuditInput<P>, UrlAuditOutput<F>> {
  const { live, offline, fields, params, urlHelp, run, ...declaration } = spec;
  const input = z.object({ url: urlHelp === undefined ? urlField() : urlField(urlHelp), ...params }) as UrlAuditInput<P>;
  const output = z.object({ url: z.string(), ...fields, ...auditShape }) as UrlAuditOutput<F>;
  return defineTool<UrlAuditInput<P>, UrlAuditOutput<F>>({
    ...declaration,
    method: 'GET',
    timeoutMs: spec.timeoutMs ?? 20_000,
    input,
    output,
    examples: [
      ...Object.entries(live).map(([title, example]) => liveExample(title, typeof example === 'string' ? urlInput<P>(example) : example)),
      siteExample(offline.title, offline.input ?? urlInput<P>('https://broken-shop.example/'), offline.site ?? brokenShop, offline.finds),
    ],
    run: async (parsed, ctx) => {
      const values = parsed as UrlAuditValues<P>;
      const { audit, ...own } = await run(values, ctx);
      return { url: values.url, ...own, ...audit } as z.input<UrlAuditOutput<F>>;
    },
  });
}

type ServedFrom = { finalUrl: z.ZodString };

/**
 * A URL audit of the page the URL serves: `finalUrl`, where the page was finally served from (after
 * redirects), comes first among its fields.
 */
export function definePageAudit<P extends z.ZodRawShape = Record<never, never>, F extends z.ZodRawShape = z.ZodRawShape>(
  spec: Omit<UrlAuditSpec<P, ServedFrom & F>, 'fields'> & { fields: F },
): Tool<UrlAuditInput<P>, UrlAuditOutput<ServedFrom & F>> {
  return defineUrlAudit<P, ServedFrom & F>({ ...spec, fields: { finalUrl: z.string(), ...spec.fields } as ServedFrom & F });
}

/** An example input that gives only the URL (the other inputs take their defaults). */
function urlInput<P extends z.ZodRawShape>(url: string): z.input<UrlAuditInput<P>> {
  return { url } as z.input<UrlAuditInput<P>>;
}
