import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { AuditJson as R } from '../../../test/helpers/audit-result.ts';
import { startSite } from '../../../test/helpers/fixture-site.ts';
import { LEAKY_HOME } from '../../../test/helpers/header-site.ts';
import { siteTools } from '../../../test/helpers/url-engines.ts';
import { developerUrlTools } from './url-checks.ts';

/** The module's URL tool (url-checks.ts), through the pipeline and the real fetcher against a loopback site. */
const { origin: o, result } = await siteTools(developerUrlTools, await startSite({ '/': LEAKY_HOME }));

test('http-headers-checker returns headers as sent', async () => {
  const r = await result<R>('http-headers-checker', { url: `${o}/` });
  assert.equal(r.status, 200);
  assert.ok(r.headers.some((h: R) => h.name === 'x-powered-by' && h.value === 'PHP/7.4.3'));
  assert.equal(r.summary.cookies, 5);
  assert.equal(r.summary.etag, '"v1"');
  assert.equal(r.summary.cacheControl, 'public, max-age=60');
  const head = await result<R>('http-headers-checker', { url: `${o}/`, method: 'HEAD' });
  assert.equal(head.status, 200);
});
