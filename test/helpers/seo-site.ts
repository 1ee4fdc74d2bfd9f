import { gzipSync } from 'node:zlib';
import type { AnyTool } from '../../src/registry/define-tool.ts';
import type { ZoneEntry } from './dns-server.ts';
import { startSite, type FixtureSite, type Route } from './fixture-site.ts';
import { siteTools } from './url-engines.ts';

/**
 * A small website on loopback that exercises the SEO tools (seo-apis, seo-tools, and over HTTP the bulk auditor
 * and page-speed analyzer): a cold brew coffee guide with its robots.txt, sitemaps (one gzipped), llms.txt,
 * icons and manifest, hreflang alternates, redirects, a 404 and pages with something missing.
 */

/** A PNG's signature and IHDR chunk (width × height, 8-bit RGBA), zero-padded to `padTo` bytes: enough for a size sniffer. */
function png(width: number, height: number, padTo = 0): Buffer {
  const header = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(header, 0);
  header.writeUInt32BE(13, 8);
  header.write('IHDR', 12, 'latin1');
  header.writeUInt32BE(width, 16);
  header.writeUInt32BE(height, 20);
  header[24] = 8;
  header[25] = 6;
  return padTo > header.length ? Buffer.concat([header, Buffer.alloc(padTo - header.length)]) : header;
}

/** An ICO directory with one size × size entry. */
function ico(size: number): Buffer {
  const b = Buffer.alloc(22);
  b.writeUInt16LE(0, 0);
  b.writeUInt16LE(1, 2);
  b.writeUInt16LE(1, 4);
  b[6] = size;
  b[7] = size;
  return b;
}

const LOREM =
  'Cold brew coffee is coffee steeped in cold water for many hours. The slow extraction gives a smooth and sweet cup with low acidity. ' +
  'Brewing cold brew coffee at home needs only coarse ground beans, cold water, a jar and a filter. ';

/** The home page: every SEO signal present, and a few wrong on purpose (a skipped heading level, a broken JSON-LD block, images without alt). */
function homePage(origin: string): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Cold Brew Coffee Guide: How to Brew It at Home</title>
  <meta name="description" content="Learn how to make cold brew coffee at home: the ratio, the grind, the steeping time and how to serve it, step by step.">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <link rel="canonical" href="${origin}/">
  <link rel="alternate" hreflang="en" href="${origin}/">
  <link rel="alternate" hreflang="de" href="${origin}/de/">
  <link rel="alternate" hreflang="fr" href="${origin}/fr/">
  <link rel="alternate" hreflang="en-UK" href="${origin}/uk/">
  <link rel="icon" href="/favicon.ico">
  <link rel="apple-touch-icon" href="/apple-touch-icon.png">
  <link rel="manifest" href="/manifest.json">
  <meta property="og:title" content="Cold Brew Coffee Guide">
  <meta property="og:description" content="Brew smooth cold brew at home.">
  <meta property="og:image" content="${origin}/og.png">
  <meta property="og:url" content="${origin}/">
  <meta property="og:type" content="article">
  <meta name="twitter:card" content="summary_large_image">
  <meta name="author" content="Ada Brewer">
  <meta property="article:published_time" content="2026-01-15T08:00:00Z">
  <link rel="stylesheet" href="/style.css">
  <script src="https://cdn.example.net/lib.js"></script>
  <script src="/app.js" integrity="sha384-abc" crossorigin="anonymous"></script>
  <script type="application/ld+json">{"@context":"https://schema.org","@type":"Article","headline":"Cold Brew Coffee Guide","author":{"@type":"Person","name":"Ada Brewer"},"datePublished":"2026-01-15","image":"${origin}/og.png"}</script>
  <script type="application/ld+json">{"@context":"https://schema.org","@type":"BreadcrumbList","itemListElement":[{"@type":"ListItem","position":1,"name":"Home","item":"${origin}/"},{"@type":"ListItem","position":3,"name":"Guide"}]}</script>
  <script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Cold brew jar"}</script>
  <script type="application/ld+json">{ broken json </script>
</head>
<body>
  <header><nav><a href="/about">About us</a> <a href="/docs/getting-started">Getting started</a> <a href="/docs/recipes">Recipes</a> <a href="/privacy">Privacy policy</a></nav></header>
  <main>
    <h1>Cold Brew Coffee Guide</h1>
    <p>${LOREM.repeat(3)}</p>
    <h2>How long does cold brew coffee take?</h2>
    <p>Cold brew coffee takes twelve to eighteen hours of steeping in the fridge. Shorter steeping gives a weaker cup and longer steeping can taste woody, so start at fourteen hours and adjust to taste next time.</p>
    <h4>Skipped level</h4>
    <ul><li>Coarse grind</li><li>Cold water</li></ul>
    <table><tr><td>Ratio</td><td>1:8</td></tr></table>
    <p>${LOREM.repeat(4)}</p>
    <img src="/img/jar.png" alt="A jar of cold brew coffee" width="400" height="300">
    <img src="/img/beans.png">
    <img src="/img/IMG_1234.jpg" alt="IMG_1234.jpg">
    <a href="/about"><img src="/img/logo.png" alt=""></a>
    <p>Read the <a href="/broken">old recipe</a>, the <a href="/moved">moved page</a>, <a href="/about">click here</a>, or visit <a href="https://www.facebook.com/coldbrew">Facebook</a> and <a href="mailto:hi@example.com">mail us</a>.</p>
    <a href="/private/secret">Private area</a>
    <a href="http://127.0.0.2:9/internal">Forbidden target</a>
  </main>
</body>
</html>`;
}

/** The site's DNS zone for the test DNS server: every other name is NXDOMAIN. */
export const SEO_DNS_ZONE: Record<string, ZoneEntry> = { 'www.cold-brew.test': [{ type: 'A', data: '127.0.0.1' }] };

/** Starts the site on 127.0.0.1 (its pages link to its own origin). */
export async function startSeoSite(): Promise<FixtureSite> {
  const site = await startSite();
  const o = site.origin;
  const html = (body: string, headers: Record<string, string> = {}): Route => ({ body, headers });
  const routes: Record<string, Route> = {
    '/': html(homePage(o)),
    '/about': html(
      `<html lang="en"><head><title>About us — Cold Brew Co</title><link rel="canonical" href="${o}/about"></head><body><h1>About</h1><p>We brew.</p></body></html>`,
    ),
    '/broken': { status: 404, body: '<html><head><title>Not found</title></head><body>gone</body></html>' },
    '/moved': { status: 301, headers: { location: '/about' } },
    '/de/': html(
      `<html lang="de"><head><title>Kaltgebrühter Kaffee</title><link rel="alternate" hreflang="en" href="${o}/"><link rel="alternate" hreflang="de" href="${o}/de/"></head><body><h1>Cold Brew</h1></body></html>`,
    ),
    '/fr/': html(
      `<html lang="fr"><head><title>Café infusé à froid</title><link rel="alternate" hreflang="fr" href="${o}/fr/"></head><body><h1>Cold brew</h1></body></html>`,
    ),
    '/robots.txt': {
      headers: { 'content-type': 'text/plain' },
      body: `User-agent: *\nDisallow: /private/\nAllow: /\n\nUser-agent: GPTBot\nDisallow: /\n\nNoindex: /x\nthis line is wrong\nSitemap: ${o}/sitemap.xml\n`,
    },
    '/sitemap.xml': {
      headers: { 'content-type': 'application/xml' },
      body: `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${o}/sitemap-pages.xml</loc><lastmod>2026-01-01</lastmod></sitemap><sitemap><loc>${o}/sitemap-posts.xml.gz</loc></sitemap></sitemapindex>`,
    },
    '/sitemap-pages.xml': {
      headers: { 'content-type': 'application/xml' },
      body: `<?xml version="1.0"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${o}/</loc><lastmod>2026-01-15</lastmod><changefreq>weekly</changefreq><priority>1.0</priority></url><url><loc>${o}/about</loc><lastmod>15/01/2026</lastmod><changefreq>sometimes</changefreq><priority>2</priority></url><url><loc>/relative</loc></url><url><loc>${o}/broken</loc></url><url><loc>${o}/</loc></url></urlset>`,
    },
    '/sitemap-posts.xml.gz': {
      headers: { 'content-type': 'application/gzip' },
      body: gzipSync(
        `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${o}/post-1</loc></url><url><loc>${o}/post-2</loc></url></urlset>`,
      ),
    },
    '/bad-sitemap.xml': { headers: { 'content-type': 'application/xml' }, body: '<?xml version="1.0"?><urlset><url><loc>x</loc></url>' },
    '/llms.txt': {
      headers: { 'content-type': 'text/markdown; charset=utf-8' },
      body: `# Cold Brew Co\n\n> Guides to brewing cold coffee.\n\n## Docs\n\n- [Getting started](${o}/about): the basics\n- [Broken](${o}/broken)\nnot a link line\n\n## Optional\n\n- [Privacy](/privacy)\n`,
    },
    '/favicon.ico': { headers: { 'content-type': 'image/x-icon' }, body: ico(32) },
    '/apple-touch-icon.png': { headers: { 'content-type': 'image/png' }, body: png(180, 180) },
    '/manifest.json': {
      headers: { 'content-type': 'application/manifest+json' },
      body: JSON.stringify({
        name: 'Cold Brew',
        icons: [
          { src: '/icon-192.png', sizes: '192x192' },
          { src: '/icon-512.png', sizes: '512x512' },
        ],
      }),
    },
    '/icon-192.png': { headers: { 'content-type': 'image/png' }, body: png(192, 192) },
    '/icon-512.png': { headers: { 'content-type': 'image/png' }, body: png(512, 512) },
    '/og.png': { headers: { 'content-type': 'image/png' }, body: png(1200, 630) },
    '/bare': html('<html><body><p>Hello.</p><img src="/x.png"></body></html>'),
    '/noindex': html(
      `<html><head><title>Hidden page of the cold brew site here</title><meta name="robots" content="noindex, follow"><link rel="canonical" href="${o}/about"></head><body><h1>Hidden</h1></body></html>`,
    ),
    '/staging': html(
      `<html lang="en"><head><title>Cold Brew Coffee Guide (staging)</title><meta name="robots" content="noindex"><meta name="viewport" content="width=device-width"></head><body><h1>Cold Brew Coffee Guide</h1><p>Short.</p></body></html>`,
    ),
    '/copy': html(`<html><head><title>Copy</title></head><body><main><p>${LOREM.repeat(3)}</p></main></body></html>`),
    '/copy2': html(`<html><head><title>Copy 2</title></head><body><main><p>${LOREM.repeat(3)} And one more sentence at the end.</p></main></body></html>`),
    '/pdf': { headers: { 'content-type': 'application/pdf' }, body: '%PDF-1.4' },
  };
  for (const [k, v] of Object.entries(routes)) site.routes.set(k, v);
  return site;
}

/** A module test of URL tools against the SEO site (`siteTools`, test/helpers/url-engines.ts). */
export async function seoSiteTools(tools: readonly AnyTool[]) {
  return siteTools(tools, await startSeoSite(), SEO_DNS_ZONE);
}
