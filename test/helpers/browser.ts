import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import axe from 'axe-core';
import { chromium, type Browser, type Page } from 'playwright-core';

/**
 * Debian's Chromium as its headless shell (package chromium-headless-shell: the same build without the desktop
 * browser around it, what Playwright itself runs for headless tests), for the tests of what a person sees. Each
 * page load costs it a fraction of the CPU the full browser in its new headless mode spends (a new renderer
 * process and the browser UI's work per navigation): playground-forms.test.ts, 326 page loads, went from
 * ~78 s to ~30 s of CPU. Whatever Chromium itself tries to reach outside (update checks, pings) goes to the
 * network trap; the test server on loopback is reached directly.
 */
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

export function launchChromium(trapUrl: string): Promise<Browser> {
  return chromium.launch({
    executablePath: HEADLESS_SHELL,
    headless: true,
    args: [
      '--no-sandbox',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-default-apps',
      '--no-pings',
      // A new document reuses its frame and the old one is not kept for Back: the tests load hundreds of pages in a tab
      // and never go back. 120 tool pages in turn took 5.7–6.6 s of CPU instead of 8.4–9.3 s (three runs each), and
      // playground-forms.test.ts 20–23 s instead of 25–31 s.
      '--disable-features=RenderDocument,BackForwardCache',
    ],
    proxy: { server: trapUrl, bypass: '127.0.0.1,localhost' },
    timeout: 60_000,
  });
}

/** "Another site" for CSRF tests: one page served from another origin (localhost, not 127.0.0.1). */
export async function startOtherSite(page: string): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((_request, response) => {
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Where the browser tests write their screenshots (gitignored), for reviewers to look at. */
export const SCREENSHOTS = path.join(import.meta.dirname, '..', '..', '.tmp', 'screenshots');

/**
 * The page as it is now (1280 px, whole page) as `<stem>-1280.png`, and the same URL again at 390 px as
 * `<stem>-390.png`; the page itself must not scroll sideways on the phone (tables scroll in their own box).
 * `fullPage: false` keeps the first screen only, for a long page of repeated rows (the whole /tools list is
 * 33,000 px tall on a phone, seconds to capture, and shows nothing its first screen does not).
 */
export async function screenshotsAtBothWidths(
  page: Page,
  stem: string,
  phoneSetup?: (phone: Page) => Promise<void>,
  { fullPage = true }: { fullPage?: boolean } = {},
): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${stem}-1280.png`), fullPage });
  const phone = await page.context().newPage();
  try {
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(page.url());
    if (phoneSetup) await phoneSetup(phone);
    await phone.screenshot({ path: path.join(SCREENSHOTS, `${stem}-390.png`), fullPage });
    const overflow = await phone.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
    assert.ok(overflow <= 0, `${stem} at 390 px scrolls sideways by ${overflow} px`);
  } finally {
    await phone.close();
  }
}

/**
 * axe-core (WCAG rules) finds no serious or critical violation on the page. axe runs in the page itself and hands
 * back only its violations (`resultTypes`), trimmed to what the message needs: the pages have no frames, so the
 * cross-frame protocol of @axe-core/playwright (partial results of every checked node carried to a second page)
 * would only add seconds on a long page such as /tools.
 */
export async function noSeriousAxeViolations(page: Page, name: string): Promise<void> {
  assert.equal(page.frames().length, 1, `${name} has no frames for axe to miss`);
  await page.evaluate(axe.source);
  const violations = await page.evaluate<{ id: string; impact: string | null; help: string; targets: string[] }[]>(
    `axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) })))`,
  );
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  assert.deepEqual(
    serious.map((v) => `${v.id}: ${v.help} (${v.targets.join(', ')})`),
    [],
    `axe on ${name}`,
  );
}

/** The last link matching `pattern` in the service's log lines (no SMTP configured: mails are logged). */
export function linkFromLog(logs: readonly string[], pattern: RegExp): string {
  const links = logs.map((line) => pattern.exec(line.replace(/\\n/g, '\n'))?.[0]).filter((l): l is string => l !== undefined);
  const link = links.at(-1);
  assert.ok(link, `a link matching ${pattern} was logged`);
  return link;
}
