import { html, type Html } from './html.ts';

/**
 * A secret shown once (a new API key, a webhook secret): selectable text, a copy button (app.js) and the
 * warning that it cannot be shown again (only its hash is kept).
 */
export function secretBox(id: string, secret: string, what = 'key'): Html {
  return html`<div class="secret-box">
    <p class="warning" role="note"><strong>Copy this ${what} now.</strong> It is shown only once: we keep only a hash of it. If you lose it, create a new one.</p>
    <code class="secret" id="${id}">${secret}</code>
    <p class="actions"><button type="button" class="secondary" data-copy="${id}">Copy</button><span class="copy-status" role="status" aria-live="polite"></span></p>
  </div>`;
}

/**
 * A date-time for people: `2026-11-25 20:41 UTC`; a dash for none. In a narrow table cell it breaks between the date
 * and the time only, not at the date's hyphens.
 */
export function when(iso: string | null | undefined): Html | string {
  return iso ? html`<time datetime="${iso}"><span class="nowrap">${iso.slice(0, 10)}</span> <span class="nowrap">${iso.slice(11, 16)} UTC</span></time>` : '—';
}
