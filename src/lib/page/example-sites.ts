import type { ExampleSite } from '../../registry/define-tool.ts';

/**
 * Made-up sites for the URL checkers' examples (see ExampleSite): each page is broken on purpose, in the
 * ways the checkers promise to catch, and the examples name the findings they must produce. The names are
 * reserved `.example` domains (RFC 2606), so the examples never point at a real site.
 */
const SHOP = 'https://broken-shop.example';

const HOME = `<!doctype html>
<html>
<head>
  <title>Shop</title>
  <link rel="canonical" href="${SHOP}/gone">
  <link rel="alternate" hreflang="en-UK" href="${SHOP}/uk/">
  <link rel="alternate" hreflang="de" href="${SHOP}/de/">
  <link rel="icon" href="/favicon.ico">
  <link rel="manifest" href="/manifest.json">
  <meta property="og:title" content="Shop">
  <script src="https://cdn.broken-shop.example/lib.js"></script>
  <script async src="https://www.googletagmanager.com/gtag/js?id=G-TEST123"></script>
  <script type="application/ld+json">{"@context":"https://schema.org","@type":"Product"}</script>
  <script type="application/ld+json">{ this is not json </script>
</head>
<body>
  <h1>Welcome</h1>
  <h1>Our shop</h1>
  <h4>Skipped levels</h4>
  <p>We sell jars.</p>
  <img src="/img/jar.png">
  <a href="/gone">our old catalogue</a> <a href="/moved">click here</a> <a href="/about"></a>
  <form action="/subscribe" method="post"><input name="email"><input type="text"></form>
</body>
</html>`;

const GUIDE = `<!doctype html>
<html lang="en">
<head><title>How to Make Cold Brew Coffee at Home: A Step-by-Step Guide</title>
<meta name="description" content="Make smooth cold brew at home: the coffee to water ratio, the grind, the steeping time and how to serve it.">
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><main>
  <h1>How to make cold brew coffee</h1>
  <h2>What is cold brew coffee?</h2>
  <p>Cold brew coffee is coffee steeped in cold water for twelve to eighteen hours. The slow extraction gives a smooth, sweet cup with low acidity, and the concentrate keeps for a week in the fridge.</p>
  <h2>How long should cold brew steep?</h2>
  <p>Steep cold brew coffee for fourteen hours in the fridge. A shorter steep tastes weak, a longer one woody; grind coarse, use one part coffee to eight parts water, and filter twice for a clean cup.</p>
  <ul><li>Coarse grind</li><li>Cold filtered water</li><li>A jar and a filter</li></ul>
</main></body>
</html>`;

const COPY =
  'Our handmade glass jars keep coffee, tea and spices fresh for months. Each jar is blown by hand, sealed with a cork lid and packed in recycled paper. ';

export const brokenShop: ExampleSite = {
  origin: SHOP,
  pages: {
    '/': {
      headers: {
        server: 'Apache/2.4.1 (Unix)',
        'set-cookie': 'session=3f9a; Path=/',
        'access-control-allow-origin': '*',
        'access-control-allow-credentials': 'true',
      },
      body: HOME,
    },
    '/guide': { body: GUIDE },
    '/staging': { body: HOME.replace('<title>Shop</title>', '<title>Shop (staging)</title><meta name="robots" content="noindex">') },
    '/copy': { body: `<html><head><title>Jars</title></head><body><main><p>${COPY.repeat(4)}</p></main></body></html>` },
    '/copy-2': { body: `<html><head><title>Jars again</title></head><body><main><p>${COPY.repeat(4)}Now with free shipping.</p></main></body></html>` },
    '/uk/': { body: '<html lang="en"><head><title>Shop UK</title></head><body><h1>Shop</h1></body></html>' },
    '/de/': { body: '<html lang="de"><head><title>Laden</title></head><body><h1>Laden</h1></body></html>' },
    '/about': { body: '<html><head><title>About</title></head><body><h1>About</h1></body></html>' },
    '/gone': { status: 404, body: '<html><head><title>Not found</title></head><body>gone</body></html>' },
    '/moved': { status: 301, headers: { location: '/moved-again' } },
    '/moved-again': { status: 302, headers: { location: '/' } },
    '/robots.txt': {
      headers: { 'content-type': 'text/plain' },
      body: 'User-agent: *\nDisallow: /\nCrawl-delay: ten\nthis line is wrong\nSitemap: /sitemap.xml\n',
    },
    '/sitemap.xml': {
      headers: { 'content-type': 'application/xml' },
      body: `<?xml version="1.0" encoding="UTF-8"?>\n<urlset><url><loc>${SHOP}/</loc><lastmod>2024-13-45</lastmod><priority>2</priority></url><url><loc>/relative</loc><changefreq>sometimes</changefreq></url></urlset>`,
    },
    '/.well-known/security.txt': { headers: { 'content-type': 'text/html' }, body: 'Contact: http://broken-shop.example/contact\nPolicy: soon\n' },
    '/llms.txt': { headers: { 'content-type': 'text/plain' }, body: 'Broken Shop\n\n## Pages\n\n- Home page without a link\n- [Gone](/gone)\n' },
    '/manifest.json': {
      headers: { 'content-type': 'application/manifest+json' },
      body: JSON.stringify({ name: 'Shop', icons: [{ src: '/icon-192.png', sizes: '192x192' }] }),
    },
  },
};

/** A site served over TLS with a self-signed certificate. */
export const selfSignedSite: ExampleSite = {
  origin: 'https://self-signed.example',
  tls: true,
  pages: { '/': { body: '<html><head><title>Self-signed</title></head><body>hello</body></html>' } },
};

/** A mail domain whose SPF allows everyone and that publishes no DMARC record. */
export const openRelayDomain: ExampleSite = {
  origin: 'https://open-relay.example',
  pages: {},
  dns: {
    'open-relay.example': [
      { type: 'TXT', data: 'v=spf1 +all' },
      { type: 'MX', data: { preference: 10, exchange: 'mx.open-relay.example' } },
    ],
  },
};

/** An https page that loads a script and an image over plain http. */
export const mixedContentSite: ExampleSite = {
  origin: 'https://secure-shop.example',
  tls: true,
  pages: {
    '/': {
      body: '<html><head><title>Secure shop</title><script src="http://cdn.secure-shop.example/app.js"></script></head><body><img src="http://cdn.secure-shop.example/jar.png" alt="A jar"></body></html>',
    },
  },
};
