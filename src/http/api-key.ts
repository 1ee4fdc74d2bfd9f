import type { IncomingHttpHeaders } from 'node:http';

/**
 * The one place that reads an API key from a request: `X-Api-Key`, or `Authorization: Bearer tk_…` as an alias
 * (RFC 6750 §2.1). A Bearer value without the `tk_` prefix is not an API key (the admin token travels that way).
 */
export function apiKeyOf(headers: IncomingHttpHeaders): string | undefined {
  const header = headers['x-api-key'];
  if (typeof header === 'string' && header !== '') return header;
  const bearer = /^Bearer\s+(tk_\S+)$/i.exec(headers.authorization ?? '');
  return bearer?.[1];
}
