import type { ToolContext } from '../../../core/context.ts';
import { ToolError } from '../../../core/errors.ts';

/**
 * Fetches the `index`-th of a tool's `urls` through the SSRF-guarded fetcher; anything but a 2xx answer is a
 * 502 naming the field (`urls[1]`). What the body must be, and what an unvalidated certificate means, is the
 * tool's to say.
 */
export async function fetchListedUrl(url: string, index: number, ctx: ToolContext) {
  const fetcher = ctx.engines.fetch;
  if (!fetcher) throw new ToolError('engine_unavailable', 'urls: fetching URLs is not available on this server.');
  const field = `urls[${index}]`;
  const response = await fetcher.session(ctx.signal).fetch(url, { field });
  if (response.status < 200 || response.status > 299) {
    throw new ToolError('upstream_failed', `${field}: ${url} answered HTTP ${response.status} ${response.statusText}`.trim());
  }
  return { field, response };
}
