import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import sharp from 'sharp';
import { assertAuditShape, check, ids, type AuditJson as R } from '../../../test/helpers/audit-result.ts';
import { selfSignedCert, startSite } from '../../../test/helpers/fixture-site.ts';
import { seoSiteTools } from '../../../test/helpers/seo-site.ts';
import { seoApisTools } from './index.ts';

/**
 * Every seo-apis URL tool, for real, through the pipeline and the real fetcher against the loopback fixture site
 * (test/helpers/seo-site.ts); the bulk auditor's HTTP formats and the page-speed analyzer (Chromium) are tested
 * over HTTP in test/url-tools/bulk-and-browser.test.ts.
 */
const { site, origin: o, result, refusal } = await seoSiteTools(seoApisTools);

describe('seo-apis', () => {
  test('meta-tags-analyzer', async () => {
    const r = await result<R>('meta-tags-analyzer', { url: `${o}/` });
    assertAuditShape(r);
    assert.equal(r.title.length, 46);
    assert.equal(r.metaDescription.count, 1);
    assert.equal(r.openGraph['og:type'], 'article');
    assert.equal(r.twitter['twitter:card'], 'summary_large_image');
    assert.equal(r.viewport, 'width=device-width, initial-scale=1');
    assert.equal(r.charset, 'utf-8');
    assert.equal(r.score, 100);
    const bare = await result<R>('meta-tags-analyzer', { url: `${o}/bare` });
    assert.ok(ids(bare).includes('title-missing') && ids(bare).includes('open-graph-incomplete'));
  });

  test('a non-HTML URL is a clear 502', async () => {
    const e = await refusal('meta-tags-analyzer', { url: `${o}/pdf` });
    assert.equal(e.status, 502);
    assert.equal(e.code, 'upstream_failed');
    assert.match(e.detail, /returned application\/pdf, not an HTML page/);
  });

  test('robots-txt-checker reads groups, sitemaps and problems per RFC 9309', async () => {
    const r = await result<R>('robots-txt-checker', { url: `${o}/private/x` });
    assertAuditShape(r);
    assert.equal(r.state, 'rules');
    assert.equal(r.allowed, false);
    assert.equal(r.matchingLine, 2);
    assert.deepEqual(r.sitemaps, [`${o}/sitemap.xml`]);
    assert.equal(r.groups.length, 2);
    assert.deepEqual(r.groups[1].userAgents, ['GPTBot']);
    assert.equal(r.access.find((a: R) => a.userAgent === 'GPTBot').allowed, false);
    assert.ok(r.issues.some((i: R) => /not a "field: value" line/.test(i.problem)));
    assert.ok(ids(r).includes('url-disallowed') && ids(r).includes('robots-txt-syntax'));
    const home = await result<R>('robots-txt-checker', { url: `${o}/`, userAgent: 'GPTBot' });
    assert.equal(home.allowed, false);
  });

  test('robots-txt-checker: a 404 robots.txt allows all, a 5xx disallows all', async () => {
    const saved = site.routes.get('/robots.txt')!;
    try {
      site.routes.set('/robots.txt', { status: 404, body: 'nope' });
      const missing = await result<R>('robots-txt-checker', { url: `${o}/private/x` });
      assert.equal(missing.state, 'unavailable');
      assert.equal(missing.allowed, true);
      site.routes.set('/robots.txt', { status: 503, body: 'down' });
      const down = await result<R>('robots-txt-checker', { url: `${o}/` });
      assert.equal(down.state, 'unreachable');
      assert.equal(down.allowed, false);
      assert.ok(ids(down).includes('robots-txt-unreachable'));
    } finally {
      site.routes.set('/robots.txt', saved);
    }
  });

  test('sitemap-xml-validator: index discovered via robots.txt, children validated, gzip inflated', async () => {
    const r = await result<R>('sitemap-xml-validator', { url: `${o}/`, checkUrls: 3 });
    assertAuditShape(r);
    assert.equal(r.discoveredVia, 'robots.txt');
    assert.equal(r.type, 'sitemapindex');
    assert.equal(r.children.length, 2);
    const gz = r.children.find((c: R) => c.url.endsWith('.gz'));
    assert.equal(gz.urlCount, 2);
    assert.equal(r.totalUrls, 7);
    const codes = r.problems.map((p: R) => p.code);
    for (const c of ['lastmod-invalid', 'changefreq-invalid', 'priority-invalid', 'loc-invalid', 'duplicate']) assert.ok(codes.includes(c), c);
    assert.equal(r.urlChecks.length, 3);
    assert.ok(ids(r).includes('sitemap-entry-errors'));
  });

  test('sitemap-xml-validator: the sitemaps.org sample is valid (namespace read), impossible dates are named per entry', async () => {
    // The example sitemap of the sitemaps.org protocol page (with this site's host), plus a prefixed-root variant.
    const sample = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n<url><loc>${o}/</loc><lastmod>2005-01-01</lastmod><changefreq>monthly</changefreq><priority>0.8</priority></url>\n<url><loc>${o}/catalog?item=12&amp;desc=vacation_hawaii</loc><changefreq>weekly</changefreq></url>\n<url><loc>${o}/catalog?item=73&amp;desc=vacation_new_zealand</loc><lastmod>2004-12-23</lastmod><changefreq>weekly</changefreq></url>\n<url><loc>${o}/catalog?item=74&amp;desc=vacation_newfoundland</loc><lastmod>2004-12-23T18:00:15+00:00</lastmod><priority>0.3</priority></url>\n</urlset>`;
    const prefixed = `<?xml version="1.0"?><sm:urlset xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9"><sm:url><sm:loc>${o}/</sm:loc><sm:lastmod>2004-02-29</sm:lastmod></sm:url></sm:urlset>`;
    const wrong = `<?xml version="1.0"?><urlset xmlns="http://www.google.com/schemas/sitemap/0.84"><url><loc>${o}/</loc></url></urlset>`;
    const dates = ['2024-13-45', '2023-02-29', '2024-06-01T25:00:00Z', '2024-06-01T12:00:00', '2024-06-01T12:00:00+24:00'];
    const impossible = `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${dates.map((d, i) => `<url><loc>${o}/d${i}</loc><lastmod>${d}</lastmod></url>`).join('')}</urlset>`;
    const routes = { '/sm-sample.xml': sample, '/sm-prefixed.xml': prefixed, '/sm-wrong-ns.xml': wrong, '/sm-dates.xml': impossible };
    for (const [route, body] of Object.entries(routes)) site.routes.set(route, { headers: { 'content-type': 'application/xml' }, body });
    for (const route of ['/sm-sample.xml', '/sm-prefixed.xml']) {
      const r = await result<R>('sitemap-xml-validator', { url: `${o}${route}`, checkUrls: 0 });
      assert.deepEqual(r.problems, [], `${route}: ${JSON.stringify(r.problems)}`);
    }
    const ns = await result<R>('sitemap-xml-validator', { url: `${o}/sm-wrong-ns.xml`, checkUrls: 0 });
    assert.ok(
      ns.problems.some((p: R) => p.code === 'namespace' && /google\.com/.test(p.message)),
      JSON.stringify(ns.problems),
    );
    const bad = await result<R>('sitemap-xml-validator', { url: `${o}/sm-dates.xml`, checkUrls: 0 });
    const flagged = bad.problems.filter((p: R) => p.code === 'lastmod-invalid');
    assert.deepEqual(
      flagged.map((p: R) => p.loc),
      dates.map((_, i) => `${o}/d${i}`),
    );
    assert.match(flagged[0].message, /month 13/);
    assert.match(flagged[1].message, /2023-02 has 28 days/);
  });

  test('sitemap-xml-validator: malformed XML and a missing sitemap', async () => {
    const bad = await result<R>('sitemap-xml-validator', { url: `${o}/bad-sitemap.xml` });
    assert.equal(check(bad, 'sitemap-valid').status, 'fail');
    assert.match(check(bad, 'sitemap-valid').evidence, /Not well-formed XML/);
    const none = await result<R>('sitemap-xml-validator', { url: `${o}/nothing/sitemap.xml` });
    assert.ok(ids(none).includes('sitemap-unreachable'));
  });

  test('canonical-url-checker follows the canonical target', async () => {
    const home = await result<R>('canonical-url-checker', { url: `${o}/` });
    assert.equal(home.selfReferencing, true);
    assert.equal(home.score, 100);
    const noindex = await result<R>('canonical-url-checker', { url: `${o}/noindex` });
    assert.equal(noindex.selfReferencing, false);
    assert.equal(noindex.target.status, 200);
    assert.ok(ids(noindex).includes('canonical-with-noindex'));
    const none = await result<R>('canonical-url-checker', { url: `${o}/bare` });
    assert.ok(ids(none).includes('canonical-missing'));
  });

  test('http-status-checker and redirect-chain-analyzer report each hop', async () => {
    const s = await result<R>('http-status-checker', { url: `${o}/moved` });
    assert.equal(s.status, 200);
    assert.equal(s.redirectCount, 1);
    assert.equal(s.redirects[0].status, 301);
    assert.equal(s.finalUrl, `${o}/about`);
    const missing = await result<R>('http-status-checker', { url: `${o}/broken` });
    assert.equal(missing.status, 404);
    assert.ok(ids(missing).includes('status-client-error'));
    site.routes.set('/r1', { status: 302, headers: { location: '/r2' } });
    site.routes.set('/r2', { status: 301, headers: { location: `${o}/about` } });
    site.routes.set('/loop-a', { status: 301, headers: { location: '/loop-b' } });
    site.routes.set('/loop-b', { status: 301, headers: { location: '/loop-a' } });
    const chain = await result<R>('redirect-chain-analyzer', { url: `${o}/r1` });
    assert.deepEqual(
      chain.hops.map((h: R) => h.status),
      [302, 301, 200],
    );
    assert.equal(chain.hops[0].nextUrl, `${o}/r2`);
    assert.equal(chain.redirectCount, 2);
    assert.ok(ids(chain).includes('redirect-temporary'));
    const loop = await result<R>('redirect-chain-analyzer', { url: `${o}/loop-a` });
    assert.equal(loop.loop, true);
    assert.ok(ids(loop).includes('redirect-loop'));
  });

  test('broken-link-checker: HEAD then GET, broken, redirected and blocked links', async () => {
    site.routes.set('/head-refused', (req, res) => {
      res.writeHead(req.method === 'HEAD' ? 405 : 200, { 'content-type': 'text/html' });
      res.end(req.method === 'HEAD' ? undefined : 'ok');
    });
    site.routes.set('/links', {
      body: `<a href="/about">a</a><a href="/broken">b</a><a href="/moved">c</a><a href="/head-refused">d</a><a href="http://127.0.0.2:9/x">e</a><a href="http://nowhere.test/">f</a>`,
    });
    const r = await result<R>('broken-link-checker', { url: `${o}/links` });
    assertAuditShape(r);
    const by = (suffix: string): R => r.results.find((x: R) => x.url.endsWith(suffix));
    assert.equal(by('/broken').state, 'broken');
    assert.equal(by('/broken').status, 404);
    assert.equal(by('/moved').state, 'redirected');
    assert.equal(by('/head-refused').method, 'GET');
    assert.equal(by('/head-refused').state, 'ok');
    assert.equal(by('127.0.0.2:9/x').state, 'blocked');
    assert.equal(by('nowhere.test/').state, 'error');
    assert.equal(r.results[0].state, 'broken');
    assert.ok(ids(r).includes('broken-links'));
    const internalOnly = await result<R>('broken-link-checker', { url: `${o}/links`, includeExternal: false, maxLinks: 2 });
    assert.equal(internalOnly.linksChecked, 2);
  });

  test('schema-markup-validator checks types, required properties and positions', async () => {
    const r = await result<R>('schema-markup-validator', { url: `${o}/` });
    assertAuditShape(r);
    assert.equal(r.jsonLdBlocks, 4);
    assert.equal(r.invalidJsonBlocks.length, 1);
    const product = r.items.find((i: R) => i.type === 'Product');
    assert.ok(product.errors.includes('needs one of offers, review, aggregateRating'));
    const crumbs = r.items.find((i: R) => i.type === 'BreadcrumbList');
    assert.ok(crumbs.errors.some((e: string) => /position 3, expected 2/.test(e)));
    const article = r.items.find((i: R) => i.type === 'Article');
    assert.deepEqual(article.errors, []);
    assert.ok(article.warnings.includes('missing recommended property dateModified'));
    assert.ok(ids(r).includes('structured-data-invalid') && ids(r).includes('schema-required-missing'));
  });

  test('serp-snippet-preview measures pixels', async () => {
    const r = await result<R>('serp-snippet-preview', { url: `${o}/` });
    assert.match(r.measurement, /Arial/);
    assert.equal(r.title.truncated, false);
    assert.equal(r.title.pixelWidth, 350);
    assert.equal(r.breadcrumb, new URL(o).host);
    site.routes.set('/long-title', {
      body: `<title>${'Extraordinarily Wonderful Cold Brew Coffee '.repeat(3)}</title><meta name="description" content="${'word '.repeat(60)}">`,
    });
    const long = await result<R>('serp-snippet-preview', { url: `${o}/long-title` });
    assert.equal(long.title.truncated, true);
    assert.match(long.title.shown, / \.\.\.$/);
    assert.ok(long.title.pixelWidth > 580);
    assert.ok(ids(long).includes('title-too-long'));
  });

  test('heading-structure-analyzer and image-alt-text-checker', async () => {
    const h = await result<R>('heading-structure-analyzer', { url: `${o}/` });
    assert.equal(h.outline, 'H1 Cold Brew Coffee Guide\n  H2 How long does cold brew coffee take?\n      H4 Skipped level');
    assert.ok(ids(h).includes('heading-level-skipped'));
    const i = await result<R>('image-alt-text-checker', { url: `${o}/` });
    assert.equal(i.total, 4);
    assert.deepEqual(
      i.images.map((x: R) => x.status),
      ['ok', 'missing', 'filename', 'empty-in-link'],
    );
    assert.ok(ids(i).includes('image-alt-missing') && ids(i).includes('image-alt-empty-link') && ids(i).includes('image-alt-poor'));
  });

  test('link-extractor and internal-linking', async () => {
    const l = await result<R>('link-extractor', { url: `${o}/` });
    assert.equal(l.counts.mailto, 1);
    assert.equal(l.counts.external, 2);
    assert.deepEqual(l.externalDomains.map((d: R) => d.domain).sort(), ['127.0.0.2', 'www.facebook.com']);
    const unique = await result<R>('link-extractor', { url: `${o}/`, unique: true });
    assert.ok(unique.total < l.total);
    const il = await result<R>('internal-linking', { url: `${o}/` });
    assert.ok(il.genericAnchors.some((g: R) => g.text === 'click here'));
    assert.equal(il.uniqueInternalTargets, 7); // about, 2 docs, privacy, broken, moved, private/secret
    assert.ok(ids(il).includes('anchor-text-generic'));
  });

  test('mixed-content-checker on an HTTPS page', async () => {
    const tls = selfSignedCert();
    const secure = await startSite(
      {
        '/': {
          body: `<html><head><script src="http://127.0.0.1:${site.port}/a.js"></script><link rel="stylesheet" href="http://127.0.0.1:${site.port}/s.css"></head><body><img src="http://127.0.0.1:${site.port}/i.png"><div style="background:url(http://127.0.0.1:${site.port}/bg.png)"></div><form action="http://127.0.0.1:${site.port}/post"></form></body></html>`,
        },
      },
      { tls },
    );
    try {
      const r = await result<R>('mixed-content-checker', { url: `${secure.origin}/` });
      assert.equal(r.pageIsHttps, true);
      assert.deepEqual(r.active.map((a: R) => a.tag).sort(), ['form', 'link', 'script']);
      assert.deepEqual(r.passive.map((a: R) => a.tag).sort(), ['div', 'img']);
      assert.ok(ids(r).includes('active-mixed-content'));
    } finally {
      await secure.close();
    }
  });

  test('hreflang-checker validates codes and return links', async () => {
    const r = await result<R>('hreflang-checker', { url: `${o}/` });
    assertAuditShape(r);
    const by = (code: string): R => r.alternates.find((a: R) => a.hreflang === code);
    assert.equal(by('de').linksBack, true);
    assert.equal(by('fr').linksBack, false);
    assert.equal(by('en-UK').valid, false);
    assert.match(by('en-UK').problem, /use GB/);
    assert.equal(by('en-UK').status, 404);
    assert.equal(r.selfReferenced, true);
    assert.equal(r.hasXDefault, false);
    for (const id of ['hreflang-invalid-code', 'hreflang-no-return-link', 'hreflang-no-x-default', 'hreflang-alternate-broken'])
      assert.ok(ids(r).includes(id), id);
  });

  test('llms-txt-validator and llms-txt-builder', async () => {
    const v = await result<R>('llms-txt-validator', { url: `${o}/`, checkLinks: 5 });
    assert.equal(v.found, true);
    assert.equal(v.title, 'Cold Brew Co');
    assert.equal(v.summary, 'Guides to brewing cold coffee.');
    assert.deepEqual(v.sections, [
      { name: 'Docs', links: 2, optional: false },
      { name: 'Optional', links: 1, optional: true },
    ]);
    assert.ok(v.problems.some((p: R) => p.code === 'not-a-link'));
    assert.ok(v.problems.some((p: R) => p.code === 'relative-url'));
    assert.equal(v.linkChecks.find((c: R) => c.url.endsWith('/broken')).status, 404);
    assert.equal(v.llmsFullTxt, false);
    const b = await result<R>('llms-txt-builder', { url: `${o}/` });
    assert.equal(b.title, 'Cold Brew Coffee Guide: How to Brew It at Home');
    assert.match(b.content, /^# Cold Brew Coffee Guide: How to Brew It at Home\n\n> Learn how to make cold brew coffee/);
    assert.deepEqual(
      b.sections.map((s: R) => s.name),
      ['Docs', 'About', 'Broken', 'Moved', 'Private', 'Optional'],
    );
    assert.ok(b.content.includes(`- [Privacy policy](${o}/privacy)`));
    const again = await result<R>('llms-txt-builder', { url: `${o}/` });
    assert.equal(again.content, b.content, 'deterministic');
  });

  test('site-icons-checker reads real icon sizes', async () => {
    const r = await result<R>('site-icons-checker', { url: `${o}/` });
    const by = (src: string): R => r.icons.find((i: R) => i.source === src);
    assert.equal(by('icon').format, 'ico');
    assert.equal(by('icon').width, 32);
    assert.equal(by('apple-touch-icon').width, 180);
    assert.deepEqual(
      r.icons.filter((i: R) => i.source === 'manifest').map((i: R) => i.width),
      [192, 512],
    );
    assert.equal(r.score, 100);
    const bare = await result<R>('site-icons-checker', { url: `${o}/bare` });
    assert.equal(bare.icons.length, 1);
    assert.equal(bare.icons[0].source, 'default /favicon.ico');
    assert.ok(ids(bare).includes('apple-touch-icon-missing'));
  });

  test('site-icons-checker judges sizes by the real pixels (W3C manifest icons), and reports a declared/real mismatch', async () => {
    // A page whose manifest declares 192 and 512 px icons that are really 100×100, and a 60×60 apple-touch-icon.
    site.routes.set('/liar', {
      body: '<html><head><title>liar</title><link rel="icon" href="/favicon.ico"><link rel="apple-touch-icon" sizes="180x180" href="/small-touch.png"><link rel="manifest" href="/liar.json"></head></html>',
    });
    site.routes.set('/liar.json', {
      headers: { 'content-type': 'application/manifest+json' },
      body: JSON.stringify({
        icons: [
          { src: '/small-1.png', sizes: '192x192' },
          { src: '/small-2.png', sizes: '512x512' },
        ],
      }),
    });
    const small = await sharp({ create: { width: 100, height: 100, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const touch = await sharp({ create: { width: 60, height: 60, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    for (const route of ['/small-1.png', '/small-2.png']) site.routes.set(route, { headers: { 'content-type': 'image/png' }, body: small });
    site.routes.set('/small-touch.png', { headers: { 'content-type': 'image/png' }, body: touch });
    const r = await result<R>('site-icons-checker', { url: `${o}/liar` });
    assert.notEqual(check(r, 'manifest-icons').status, 'pass', 'declared sizes do not meet the 192/512 requirement');
    assert.notEqual(check(r, 'apple-touch-icon').status, 'pass');
    const mismatches = r.findings.filter((x: R) => x.id === 'icon-size-mismatch');
    assert.equal(mismatches.length, 3, JSON.stringify(r.findings));
    assert.match(mismatches.map((x: R) => x.evidence).join(' '), /declared 512x512, the file is 100×100/);
  });

  test('social-media-integration checks og:image reachability and profiles', async () => {
    const r = await result<R>('social-media-integration', { url: `${o}/` });
    assert.equal(r.image.status, 200);
    assert.equal(r.image.contentType, 'image/png');
    assert.deepEqual(r.profiles, [{ network: 'facebook', url: 'https://www.facebook.com/coldbrew', source: 'link' }]);
    assert.equal(r.preview.cardType, 'summary_large_image');
    const bare = await result<R>('social-media-integration', { url: `${o}/bare` });
    assert.ok(ids(bare).includes('og-image-missing') && ids(bare).includes('open-graph-incomplete'));
  });

  test('content-optimization and rank-checker/keywords', async () => {
    const c = await result<R>('content-optimization', { url: `${o}/`, keyword: 'cold brew coffee' });
    assert.equal(c.keyword.inTitle, true);
    assert.equal(c.keyword.inH1, true);
    assert.ok(c.keyword.count >= 10);
    assert.ok(c.readability.fleschReadingEase > 0);
    assert.deepEqual(
      c.topWords
        .slice(0, 3)
        .map((w: R) => w.phrase)
        .sort(),
      ['brew', 'coffee', 'cold'],
    );
    const k = await result<R>('rank-checker/keywords', { url: `${o}/` });
    assert.equal(k.liveRankings, false);
    assert.equal(k.primaryKeyword, 'cold brew coffee');
    assert.equal(k.keywords[0].inTitle, true);
    const given = await result<R>('rank-checker/keywords', { url: `${o}/`, keywords: 'espresso, cold brew' });
    assert.deepEqual(
      given.keywords.map((x: R) => x.phrase),
      ['cold brew', 'espresso'],
    );
    assert.equal(given.keywords[1].count, 0);
  });

  test('ai-overview-readiness-checker states its heuristics', async () => {
    const r = await result<R>('ai-overview-readiness-checker', { url: `${o}/` });
    assert.match(r.method, /heuristics/);
    assert.deepEqual(r.questionHeadings, ['How long does cold brew coffee take?']);
    assert.equal(r.answerSnippets[0].words, 36);
    assert.equal(r.author, 'Ada Brewer');
    assert.equal(r.aiCrawlers.find((c: R) => c.userAgent === 'GPTBot').allowed, false);
    assert.equal(check(r, 'ai-direct-answers').status, 'pass');
  });

  test('seo-change-diff rates a staging regression', async () => {
    const r = await result<R>('seo-change-diff', { beforeUrl: `${o}/`, afterUrl: `${o}/staging` });
    const field = (n: string): R => r.changes.find((c: R) => c.field === n);
    assert.equal(field('indexable').severity, 'high');
    assert.equal(field('canonicalPath').severity, 'high');
    assert.equal(field('title').severity, 'medium');
    assert.ok(r.unchanged.includes('h1'));
    assert.ok(r.findings.some((x: R) => x.id === 'changed-indexable'));
    assert.ok(r.score <= 50);
    const same = await result<R>('seo-change-diff', { beforeUrl: `${o}/about`, afterUrl: `${o}/about` });
    assert.equal(same.score, 100);
    assert.deepEqual(same.changes, []);
  });

  test('competitor-page-compare finds the content gap', async () => {
    const r = await result<R>('competitor-page-compare', { url: `${o}/about`, competitorUrls: [`${o}/`] });
    assert.ok(r.contentGap.missingPhrases.some((p: R) => p.phrase === 'cold brew coffee'));
    assert.deepEqual(r.contentGap.missingSchemaTypes, ['Article', 'BreadcrumbList', 'Product']);
    assert.ok(ids(r).includes('competitor-content-shorter'));
  });

  test('duplicate-content-checker compares pages and texts', async () => {
    const r = await result<R>('duplicate-content-checker', {
      urls: [`${o}/copy`, `${o}/copy2`],
      texts: ['Something else entirely, about museums and modern sculpture gardens in the city.'],
    });
    assert.equal(r.pairs[0].a, `${o}/copy`);
    assert.equal(r.pairs[0].b, `${o}/copy2`);
    assert.ok(r.pairs[0].jaccard >= 0.8);
    assert.equal(r.pairs[r.pairs.length - 1].verdict, 'distinct');
    const one = await refusal('duplicate-content-checker', { texts: ['only one'] });
    assert.equal(one.status, 400);
    assert.equal(one.code, 'validation_failed');
    assert.match(one.detail, /^urls: give at least 2 documents/);
  });
});
