import type { FixtureSite } from '../helpers/fixture-site.ts';
import { startSeoSite, SEO_DNS_ZONE } from '../helpers/seo-site.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { startTestDnsServer, type TestDnsServer } from '../helpers/dns-server.ts';

/**
 * The SEO fixture site (test/helpers/seo-site.ts) and a service allowed to fetch 127.0.0.1, for the URL tool
 * checks that are about HTTP (the bulk auditor's formats, the page-speed analyzer's engines); the tools
 * themselves are tested through the pipeline beside them (src/tools/seo-apis/seo-apis.test.ts).
 */
export interface SeoFixture {
  site: FixtureSite;
  server: TestServer;
  /** Every name resolves here (loopback): unknown names are NXDOMAIN, so no test query leaves the machine. */
  dns: TestDnsServer;
  close(): Promise<void>;
}

export async function startSeoFixture(env: Record<string, string> = {}): Promise<SeoFixture> {
  const site = await startSeoSite();
  const dns = await startTestDnsServer(SEO_DNS_ZONE);
  const server = await startTestServer({ TOOLAPI_FETCH_ALLOW: '127.0.0.1', TOOLAPI_FETCH_TIMEOUT_MS: '5000', TOOLAPI_DNS_SERVERS: dns.address, ...env });
  return {
    site,
    server,
    dns,
    close: async () => {
      await server.close();
      await site.close();
      await dns.close();
    },
  };
}

export interface Envelope<T = Record<string, unknown>> {
  status: boolean;
  code: number;
  result: T;
  error?: string;
  detail?: string;
  warnings?: string[];
}

export async function getTool<T = Record<string, unknown>>(
  server: TestServer,
  path: string,
  query: Record<string, string>,
): Promise<{ status: number; body: Envelope<T> }> {
  const qs = new URLSearchParams(query).toString();
  const response = await server.get(`/api/v1/${path}?${qs}`);
  return { status: response.status, body: (await response.json()) as Envelope<T> };
}

export async function postTool<T = Record<string, unknown>>(server: TestServer, path: string, body: unknown): Promise<{ status: number; body: Envelope<T> }> {
  const response = await server.post(`/api/v1/${path}`, body);
  return { status: response.status, body: (await response.json()) as Envelope<T> };
}
