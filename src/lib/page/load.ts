import type { ToolContext } from '../../core/context.ts';
import type { FetchResult, FetchSession } from '../../engines/fetch/fetcher.ts';
import { fetchHtml, fetcherOf } from './context.ts';
import { parsePage, type ParsedPage } from './html.ts';

export interface LoadedPage {
  fetcher: FetchSession;
  response: FetchResult;
  html: string;
  page: ParsedPage;
}

/** Fetches an HTML page through the guarded fetcher (redirects followed) and parses it. */
export async function loadPage(ctx: ToolContext, url: string, field = 'url', fetcher?: FetchSession): Promise<LoadedPage> {
  const session = fetcher ?? fetcherOf(ctx);
  const { response, html } = await fetchHtml(session, url, { field });
  return { fetcher: session, response, html, page: parsePage(html, response.url) };
}
