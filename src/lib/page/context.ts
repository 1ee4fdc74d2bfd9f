import { z } from 'zod';
import type { ToolContext } from '../../core/context.ts';
import { ToolError } from '../../core/errors.ts';
import type { BrowserEngine } from '../../engines/browser/chromium.ts';
import type { DnsEngine } from '../../engines/dns/resolver.ts';
import type { FetchResult, FetchSession, FetchOptions } from '../../engines/fetch/fetcher.ts';
import type { ExampleSite, ToolExample } from '../../registry/define-tool.ts';

/** The fetcher of this call (SSRF-guarded, per-call concurrency), or `engine_unavailable`. */
export function fetcherOf(ctx: ToolContext): FetchSession {
  const engine = ctx.engines.fetch;
  if (!engine) throw new ToolError('engine_unavailable', 'URL fetching is not configured in this process');
  return engine.session(ctx.signal);
}

export function dnsOf(ctx: ToolContext): DnsEngine {
  const engine = ctx.engines.dns;
  if (!engine) throw new ToolError('engine_unavailable', 'DNS lookups are not configured in this process');
  return engine;
}

export function browserOf(ctx: ToolContext): BrowserEngine {
  const engine = ctx.engines.browser;
  if (!engine) throw new ToolError('engine_unavailable', 'the headless browser is not configured in this process');
  return engine;
}

/**
 * A URL input: trimmed, at most 2,048 characters; a bare host such as `example.com/page` gets
 * `https://` in front. Only http and https are accepted (400 naming the field otherwise).
 */
export function urlField(
  description = 'Page URL (http or https; a bare host like example.com gets https://)',
): z.ZodPipe<z.ZodString, z.ZodTransform<string, string>> {
  return z
    .string()
    .trim()
    .min(1, 'is required')
    .max(2048, 'at most 2048 characters')
    .describe(description)
    .transform((value, ctx) => {
      const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) && !/^[^:/]+:\d+(\/|$)/.test(value) ? value : `https://${value}`;
      let url: URL;
      try {
        url = new URL(withScheme);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'not a valid URL (expected https://host/path)' });
        return z.NEVER;
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        ctx.addIssue({ code: 'custom', message: `only http and https URLs are supported, not ${url.protocol}` });
        return z.NEVER;
      }
      return url.href;
    });
}

/**
 * An example that needs the live network (its URL is a documentation value such as example.com): the
 * registry still checks its input against the schema, and test/examples.test.ts skips executing it.
 */
export function liveExample<I>(title: string, input: I): ToolExample<I, never> & { needsNetwork: true } {
  return { title, input, needsNetwork: true };
}

/** An example on a made-up site (served on loopback by the examples test) that must produce `finds`. */
export function siteExample<I>(title: string, input: I, site: ExampleSite, finds: string[]): ToolExample<I, never> {
  return { title, input, site, finds };
}

/** Fetches `url` and refuses bodies that are not HTML-ish with a clear 400-free error (502 upstream_failed). */
export async function fetchHtml(fetcher: FetchSession, url: string, options: FetchOptions = {}): Promise<{ response: FetchResult; html: string }> {
  const response = await fetcher.fetch(url, options);
  const type = (response.contentType ?? '').toLowerCase();
  const html = decodeBody(response.body, response.contentType);
  if (type && !/html|xml|text\/plain/.test(type) && !looksLikeHtml(html)) {
    throw new ToolError('upstream_failed', `${options.field ?? 'url'}: ${response.url} returned ${type.split(';')[0]}, not an HTML page`);
  }
  return { response, html };
}

function looksLikeHtml(text: string): boolean {
  return /<(!doctype html|html|head|body)\b/i.test(text.slice(0, 2048));
}

/** Decodes a body: BOM, then the Content-Type charset, then a <meta charset> in the first 1,024 bytes, else UTF-8. */
export function decodeBody(body: Buffer, contentType: string | null): string {
  let label = 'utf-8';
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) label = 'utf-8';
  else if (body[0] === 0xfe && body[1] === 0xff) label = 'utf-16be';
  else if (body[0] === 0xff && body[1] === 0xfe) label = 'utf-16le';
  else {
    const fromHeader = /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType ?? '')?.[1];
    const head = body.subarray(0, 1024).toString('latin1');
    const fromMeta = /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1];
    label = fromHeader ?? fromMeta ?? 'utf-8';
  }
  try {
    return new TextDecoder(label).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

/** Maps items with at most `limit` in flight, results in input order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!, i);
    }
  });
  await Promise.all(workers);
  return results;
}

/** A boolean that also arrives as the query-string text `true`/`false`/`1`/`0`. */
export function boolParam(defaultValue: boolean, description: string) {
  return z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')])
    .default(defaultValue)
    .describe(description);
}
