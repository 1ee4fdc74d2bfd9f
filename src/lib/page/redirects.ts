import { z } from 'zod';
import { ToolError } from '../../core/errors.ts';
import type { FetchSession } from '../../engines/fetch/fetcher.ts';

/** Follows redirects one hop at a time (each hop checked by the fetcher) so every hop is reported, loops included. */
export const MAX_HOPS = 10;

export const redirectHopSchema = z.object({
  step: z.number().int(),
  url: z.string(),
  status: z.number().int(),
  statusText: z.string(),
  location: z.string().nullable(),
  nextUrl: z.string().nullable(),
  timeMs: z.number().int(),
  server: z.string().nullable(),
  hsts: z.string().nullable(),
});

export type RedirectHop = z.infer<typeof redirectHopSchema>;

export async function traceRedirects(
  fetcher: FetchSession,
  start: string,
  field = 'url',
): Promise<{ hops: RedirectHop[]; loop: boolean; tooLong: boolean; error: string | null }> {
  const hops: RedirectHop[] = [];
  const seen = new Set<string>();
  let current = start;
  for (let step = 1; step <= MAX_HOPS; step++) {
    if (seen.has(current)) return { hops, loop: true, tooLong: false, error: null };
    seen.add(current);
    let r;
    try {
      r = await fetcher.fetch(current, { redirect: 'manual', field, truncate: true, maxBytes: 256 * 1024 });
    } catch (e) {
      if (e instanceof ToolError && step === 1) throw e;
      if (e instanceof ToolError && e.code === 'forbidden_target') throw e;
      return { hops, loop: false, tooLong: false, error: e instanceof ToolError ? e.detail : String(e) };
    }
    const location = r.headers.location ?? null;
    let next: string | null = null;
    if (r.status >= 300 && r.status < 400 && location) {
      try {
        next = new URL(location, current).href;
      } catch {
        next = null;
      }
    }
    hops.push({
      step,
      url: current,
      status: r.status,
      statusText: r.statusText,
      location,
      nextUrl: next,
      timeMs: r.timing.totalMs,
      server: r.headers.server ?? null,
      hsts: r.headers['strict-transport-security'] ?? null,
    });
    if (!next) return { hops, loop: false, tooLong: false, error: null };
    if (!/^https?:/i.test(next)) return { hops, loop: false, tooLong: false, error: `redirects to a non-http URL: ${next}` };
    current = next;
  }
  return { hops, loop: seen.has(current), tooLong: true, error: null };
}
