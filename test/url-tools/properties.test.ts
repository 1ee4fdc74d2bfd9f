import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import fc from 'fast-check';
import { webUrl } from '../helpers/web-url.ts';
import { pino } from 'pino';
import { asToolError } from '../../src/core/errors.ts';
import { invoke } from '../../src/core/invoke.ts';
import { createEngines, type EngineSet } from '../../src/engines/index.ts';
import { loadConfig } from '../../src/config.ts';
import { developerUrlTools } from '../../src/tools/developer-apis/url-checks.ts';
import { marketingUrlTools } from '../../src/tools/marketing-apis/url-checks.ts';
import { securityUrlTools } from '../../src/tools/security-apis/url-checks.ts';
import { seoApisTools } from '../../src/tools/seo-apis/index.ts';
import { seoToolsTools } from '../../src/tools/seo-tools/index.ts';
import type { AnyTool } from '../../src/registry/define-tool.ts';
import { startTestDnsServer, type TestDnsServer } from '../helpers/dns-server.ts';
import { startSite } from '../helpers/fixture-site.ts';
import { startUrlEngines } from '../helpers/url-engines.ts';
import { run } from '../helpers/invoke.ts';

/**
 * Property tests over every URL tool: random inputs (junk strings, odd URLs, private addresses) are
 * answered with a 4xx or an upstream/timeout error, never a 500; names resolve through a loopback DNS
 * server that knows none of them, so nothing leaves the machine. Without engines, tools say engine_unavailable.
 */
const URL_TOOLS = [...seoToolsTools, ...seoApisTools, ...securityUrlTools, ...developerUrlTools, ...marketingUrlTools];
const silent = pino({ level: 'silent' });
let dns: TestDnsServer;
let engines: EngineSet;

before(async () => {
  dns = await startTestDnsServer({});
  engines = await createEngines(
    loadConfig({ TOOLAPI_DNS_SERVERS: dns.address, TOOLAPI_FETCH_TIMEOUT_MS: '1000', TOOLAPI_CHROMIUM_PATH: '/nonexistent' }),
    silent,
  );
});
after(async () => {
  await engines?.close();
  await dns?.close();
});

/** The input that sends `url` to a URL tool, by the shape of its fields; `extra` is a keyword, or a second word of the bulk list. */
function inputFor(tool: AnyTool, url: string, extra: string | null): Record<string, unknown> {
  if (tool.slug === 'compare') return { url1: url, url2: url };
  if (tool.slug === 'seo-change-diff') return { beforeUrl: url, afterUrl: url };
  if (tool.slug === 'competitor-page-compare') return { url, competitorUrls: [url] };
  if (tool.slug === 'bulk-url-seo-auditor') return { urlsText: `${url} ${extra ?? ''}` };
  if (tool.slug === 'duplicate-content-checker') return { urls: [url, url] };
  return { url, ...(extra === null ? {} : { keyword: extra }) };
}

test('there are 42 URL tools', () => {
  const slugs = URL_TOOLS.map((t) => `${t.module}/${t.slug}`);
  assert.equal(slugs.length, 42, slugs.join(', '));
});

test('without engines every URL tool answers engine_unavailable (501), not a crash', async () => {
  for (const tool of URL_TOOLS) {
    // The first example that needs the network (duplicate-content-checker's first ones are offline texts).
    const input = tool.examples.find((e) => 'needsNetwork' in e)!.input;
    await assert.rejects(run(tool, input), (e: unknown) => {
      const err = asToolError(e);
      assert.equal(err.code === 'engine_unavailable' || err.status === 400, true, `${tool.operationId}: ${err.code} ${err.detail}`);
      return true;
    });
  }
});

test('random inputs never give a 500', async () => {
  const junk = fc.oneof(
    fc.string({ maxLength: 40 }),
    webUrl(),
    fc.constantFrom(
      'http://10.0.0.1/',
      'http://[::1]/',
      'http://0x7f000001/',
      'localhost',
      'javascript:alert(1)',
      'http://a..b/',
      'https://xn--/',
      'example',
      '//x',
      'http://256.256.256.256/',
      'http://[fe80::1%25eth0]/',
      'a@b.c',
    ),
  );
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...URL_TOOLS), junk, fc.option(fc.string({ maxLength: 20 })), async (tool, url, extra) => {
      const input = inputFor(tool, url, extra);
      try {
        await invoke(tool, input, { requestId: 'p', log: silent }, { engines: engines.engines });
      } catch (e) {
        const err = asToolError(e);
        assert.notEqual(err.code, 'internal_error', `${tool.operationId} ${JSON.stringify(input)}: ${String((e as Error).stack)}`);
      }
    }),
    { numRuns: 150 },
  );
});

test('a page at a path with malformed %-escapes, linking to those and to URLs that do not parse, never gives a 500', async () => {
  // RFC 3986 §2.1: `%zz` and a UTF-8 sequence cut short are not valid escapes; a page may still be served there.
  const bad = ['/%zz/cold-brew', '/%E0%A4%A/guide', '/docs/100%/x'];
  const links = [...bad, 'http://[::1', 'http://exa mple.com/', 'https://%', '//', 'http://a:99999/', 'javascript:void(0)', 'mailto:%zz@x']
    .map((p) => `<a href="${p}">more</a><img src="${p}.png" alt=""><link rel="icon" href="${p}"><script src="${p}"></script>`)
    .join('');
  const page = `<html lang="en"><head><title>Cold brew at home</title><meta name="description" content="How to brew cold brew."><link rel="canonical" href="${bad[0]}"><link rel="alternate" hreflang="de" href="${bad[1]}"></head><body><h1>Cold brew</h1><p>Cold brew coffee steeps for hours.</p>${links}</body></html>`;
  const site = await startSite({ '*': { headers: { 'content-type': 'text/html; charset=utf-8' }, body: page } });
  const urls = await startUrlEngines({}, { timeoutMs: 2000 });
  try {
    for (const tool of URL_TOOLS) {
      for (const path of bad) {
        const url = `${site.origin}${path}`;
        const input = inputFor(tool, url, 'cold brew');
        try {
          await invoke(tool, input, { requestId: 'p', log: silent }, { engines: { ...engines.engines, ...urls.engines } });
        } catch (e) {
          const err = asToolError(e);
          assert.ok(err.status < 500 || err.code === 'engine_unavailable', `${tool.operationId} ${url}: ${err.code} ${String((e as Error).stack)}`);
        }
      }
    }
  } finally {
    await site.close();
    await urls.close();
  }
});
