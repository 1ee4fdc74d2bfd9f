import type { Route } from './fixture-site.ts';

/**
 * A home page whose response headers the security and developer URL tools read (security-headers-analyzer,
 * cookie-security-analyzer, http-headers-checker): the server and framework versions disclosed, the retired
 * X-XSS-Protection, a CSP that allows inline and eval'd script, no HSTS or frame protection, five cookies of
 * mixed hygiene (one without any attribute, a `SameSite=None` without `Secure`, a `__Host-` cookie with a path,
 * one living longer than 400 days) and cache validators.
 */
export const LEAKY_HOME: Route = {
  headers: {
    server: 'Apache/2.4.41 (Ubuntu)',
    'x-powered-by': 'PHP/7.4.3',
    'x-xss-protection': '1; mode=block',
    'content-security-policy': "script-src 'self' 'unsafe-inline' 'unsafe-eval'",
    'set-cookie': [
      'sessionid=abc123; Path=/',
      'theme=dark; Path=/; SameSite=Lax; Secure; Max-Age=31536000',
      'tracker=1; SameSite=None',
      '__Host-id=1; Secure; Path=/app',
      'csrftoken=zz; HttpOnly; Secure; SameSite=Strict; Max-Age=40000000',
    ],
    'cache-control': 'public, max-age=60',
    etag: '"v1"',
  },
  body: '<html><head><title>home</title></head><body>hi</body></html>',
};
