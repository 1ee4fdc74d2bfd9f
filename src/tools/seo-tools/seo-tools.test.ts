import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { assertAuditShape, check, ids, type AuditJson as R } from '../../../test/helpers/audit-result.ts';
import { seoSiteTools } from '../../../test/helpers/seo-site.ts';
import { seoToolsTools } from './index.ts';

/** The seo-tools, for real, through the pipeline and the real fetcher against the loopback fixture site (test/helpers/seo-site.ts). */
const { origin: o, result, refusal } = await seoSiteTools(seoToolsTools);

describe('seo-tools', () => {
  test('analyze audits the page and its robots.txt', async () => {
    const r = await result<R>('analyze', { url: `${o}/` });
    assertAuditShape(r);
    assert.equal(r.title, 'Cold Brew Coffee Guide: How to Brew It at Home');
    assert.equal(r.canonical, `${o}/`);
    assert.equal(r.h1, 'Cold Brew Coffee Guide');
    assert.deepEqual(r.structuredDataTypes, ['Article', 'BreadcrumbList', 'Product']);
    assert.equal(r.images.missingAlt, 1);
    assert.equal(r.robotsTxt.state, 'rules');
    assert.equal(check(r, 'heading-order').status, 'warn');
    assert.equal(check(r, 'structured-data').status, 'fail'); // one JSON-LD block does not parse
    assert.deepEqual(ids(r).slice(0, 1), ['no-https']);
    assert.match(r.scoreBreakdown.https, /^0\/10 fail$/);
  });

  test('analyze of a bare page finds the basics missing; answers under inputs too', async () => {
    const r = await result<R>('analyze', { inputs: { url: `${o}/bare` } });
    for (const id of ['title-missing', 'meta-description-missing', 'h1-missing', 'viewport-missing', 'lang-missing', 'image-alt-missing'])
      assert.ok(ids(r).includes(id), id);
    assert.ok(r.score < 50, String(r.score));
  });

  test('analyze reports noindex and a robots.txt block', async () => {
    const noindex = await result<R>('analyze', { url: `${o}/noindex` });
    assert.ok(ids(noindex).includes('noindex'));
    const blocked = await result<R>('analyze', { url: `${o}/private/secret` });
    assert.equal(check(blocked, 'robots-txt-allows').status, 'fail');
    assert.match(check(blocked, 'robots-txt-allows').evidence, /line 2/);
  });

  test('compare puts two URLs side by side', async () => {
    const r = await result<R>('compare', { url1: `${o}/`, url2: `${o}/bare` });
    assert.equal(r.pages.length, 2);
    assert.equal(r.winner, 'url1');
    assert.equal(r.scoreDifference, r.pages[0].score - r.pages[1].score);
    assert.ok(r.onlyUrl1Passes.includes('title'));
    assert.equal(r.comparison.find((m: R) => m.metric === 'wordCount').better, 'url1');
  });

  test('bad input names the field', async () => {
    const e = await refusal('compare', { url1: 'ftp://x.test/' });
    assert.equal(e.status, 400);
    assert.equal(e.code, 'validation_failed');
    assert.match(e.detail, /url1: only http and https/);
    assert.match(e.detail, /url2: is required/);
  });
});
