import { z } from 'zod';
import type { FetchResult } from '../../engines/fetch/fetcher.ts';

/** Output pieces several URL tools share. */
export const hopSchema = z.object({
  url: z.string(),
  status: z.number().int(),
  statusText: z.string(),
  location: z.string().nullable(),
  timeMs: z.number().int().nonnegative(),
});

export const timingSchema = z
  .object({
    dnsMs: z.number().int().nonnegative(),
    connectMs: z.number().int().nonnegative(),
    tlsMs: z.number().int().nonnegative().nullable(),
    ttfbMs: z.number().int().nonnegative().describe('Time to the first byte of the response headers'),
    totalMs: z.number().int().nonnegative(),
  })
  .describe('Milliseconds from the start of the final request (after redirects)');

export const tlsSummarySchema = z
  .object({
    protocol: z.string().nullable(),
    cipher: z.string().nullable(),
    authorized: z.boolean().describe('The certificate chain validates and matches the host name'),
    authorizationError: z.string().nullable(),
  })
  .nullable();

export function hopsOf(response: FetchResult): Array<z.infer<typeof hopSchema>> {
  return response.redirects.map((h) => ({ url: h.url, status: h.status, statusText: h.statusText, location: h.location, timeMs: h.timeMs }));
}

export function statusCategory(status: number): 'informational' | 'success' | 'redirect' | 'client-error' | 'server-error' {
  if (status < 200) return 'informational';
  if (status < 300) return 'success';
  if (status < 400) return 'redirect';
  if (status < 500) return 'client-error';
  return 'server-error';
}
