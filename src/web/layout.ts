import { assetUrl } from './assets.ts';
import { html, type Html, type Renderable } from './html.ts';
import type { WebSession } from './sessions.ts';

export interface PageOptions {
  /** The document title and the page's h1. */
  title: string;
  body: Renderable;
  /** Absent: a visitor who is not signed in. */
  session?: WebSession | undefined;
  /** The nav entry to mark as the current page (its href). */
  current?: string;
  /** A short message shown above the body, e.g. after an action. */
  notice?: { kind: 'ok' | 'error'; text: string } | undefined;
  /** Without an h1 of the title (the body brings its own). */
  bareTitle?: boolean;
  /** The meta description (what search engines show under the title). */
  description?: string;
  /** More files of src/web/assets for this page only, by name (e.g. the playground's `playground.js`). */
  scripts?: string[];
  styles?: string[];
}

const ACCOUNT_NAV = [
  ['/dashboard', 'Overview'],
  ['/dashboard/keys', 'API keys'],
  ['/dashboard/usage', 'Usage'],
  ['/dashboard/webhooks', 'Webhooks'],
  ['/dashboard/connect', 'Connect an agent'],
  ['/tools', 'Tools'],
] as const;

const ADMIN_NAV = [['/admin', 'Accounts']] as const;

const VISITOR_NAV = [['/tools', 'Tools']] as const;

/**
 * The page shell of every dashboard page: skip link, header with the navigation, main, footer. Styles and
 * scripts come only from /assets (the Content-Security-Policy allows nothing else, and no inline script);
 * the CSRF token is in a meta tag for fetch() calls (X-CSRF-Token), and in every form as `_csrf`.
 */
export function page({ title, body, session, current, notice, bareTitle, description, scripts = [], styles = [] }: PageOptions): Html {
  const nav = session?.admin ? ADMIN_NAV : session?.accountId ? ACCOUNT_NAV : VISITOR_NAV;
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="referrer" content="same-origin">
${session && html`<meta name="csrf-token" content="${session.csrfToken}">`}
<title>${title} · toolapi</title>
${description && html`<meta name="description" content="${description}">`}
<link rel="stylesheet" href="${assetUrl('app.css')}">
${styles.map((name) => html`<link rel="stylesheet" href="${assetUrl(name)}">`)}
<link rel="icon" href="${assetUrl('favicon.svg')}" type="image/svg+xml">
<script src="${assetUrl('app.js')}" defer></script>
${scripts.map((name) => html`<script src="${assetUrl(name)}" defer></script>`)}
</head>
<body>
<a class="skip-link" href="#main">Skip to content</a>
<header class="site-header">
  <div class="bar">
    <a class="brand" href="${session?.admin ? '/admin' : session ? '/dashboard' : '/'}">toolapi</a>
    ${
      nav.length > 0 &&
      html`<nav aria-label="Main">
      <ul>
        ${nav.map(([href, label]) => html`<li><a href="${href}"${current === href ? html` aria-current="page"` : ''}>${label}</a></li>`)}
      </ul>
    </nav>`
    }
    <div class="session">
      ${
        session
          ? html`<form method="post" action="/signout">${csrfField(session)}<button type="submit" class="link-button">Sign out</button></form>`
          : html`<a href="/signin">Sign in</a> <a class="button small" href="/signup">Sign up</a>`
      }
    </div>
  </div>
</header>
<main id="main" tabindex="-1">
  ${!bareTitle && html`<h1>${title}</h1>`}
  ${notice && html`<p class="notice ${notice.kind}" role="${notice.kind === 'error' ? 'alert' : 'status'}">${notice.text}</p>`}
  ${body}
</main>
<footer class="site-footer">
  <p><a href="/docs">API reference</a> · <a href="/api/v1/catalog">Catalog (JSON)</a> · <a href="/tools">Tools</a></p>
</footer>
</body>
</html>
`;
}

/** The synchronizer token every state-changing form carries (checked in web/index.ts). */
export function csrfField(session: WebSession | undefined): Html {
  return html`${session && html`<input type="hidden" name="_csrf" value="${session.csrfToken}">`}`;
}
