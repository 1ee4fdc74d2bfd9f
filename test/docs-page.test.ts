import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { type Browser, type Page } from 'playwright-core';
import { launchChromium, SCREENSHOTS } from './helpers/browser.ts';
import { startNetworkTrap, type NetworkTrap } from './helpers/network-trap.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';

/**
 * The reference page (/docs) in a real Chromium: it loads without console errors and without asking anything
 * from outside this server, its search finds a tool, and try-it uploads a file to a file tool. Screenshots go to
 * .tmp/screenshots/ (git-ignored) for a person to look at.
 */

let server: TestServer;
let trap: NetworkTrap;
let browser: Browser;
let page: Page;
const consoleErrors: string[] = [];
const outsideRequests: string[] = [];

before(async () => {
  server = await startTestServer();
  trap = await startNetworkTrap();
  browser = await launchChromium(trap.url);
  page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(`uncaught: ${error.message}`));
  // The page may load only from this server (its script is bundled, not from a CDN): anything else is refused and noted.
  await page.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.protocol === 'data:' || url.protocol === 'blob:' || url.host === new URL(server.url).host) return route.continue();
    outsideRequests.push(url.href);
    return route.abort();
  });
  mkdirSync(SCREENSHOTS, { recursive: true });
});

after(async () => {
  await browser?.close();
  await trap?.close();
  await server?.close();
});

async function search(query: string): Promise<void> {
  await page
    .getByRole('button', { name: /search/i })
    .first()
    .click();
  await page.getByRole('dialog').locator('input').first().fill(query);
}

test('/docs loads the reference, titled toolapi, with every module in the sidebar', async () => {
  await page.goto(`${server.url}/docs`);
  assert.equal(await page.title(), 'toolapi');
  await page.getByRole('heading', { name: 'toolapi', level: 1 }).waitFor();
  // The sidebar is built from the OpenAPI document once it has arrived: wait for its first group, then count.
  await page.getByRole('button', { name: 'Open Group - Text utilities' }).waitFor();
  for (const module of ['Text utilities', 'Document conversions', 'Archive conversions']) {
    assert.ok(await page.getByRole('button', { name: `Open Group - ${module}` }).count(), `${module} in the sidebar`);
  }
  await page.screenshot({ path: path.join(SCREENSHOTS, 'docs.png') });
  // The Link header of ?delivery=binary points at /docs#delivery: the migration notes are there.
  assert.match(await page.locator('[id="delivery"]').first().innerText(), /Delivery/);
  // A phone's width: the same page narrowed (its layout follows the width; loading the reference again would
  // parse the whole OpenAPI document a second time), its heading still shown, for a person to look at.
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    await page.getByRole('heading', { name: 'toolapi', level: 1 }).waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'docs-390.png') });
  } finally {
    await page.setViewportSize({ width: 1400, height: 900 });
  }
});

test('search finds "docx to pdf"', async () => {
  await search('docx to pdf');
  const first = page.getByRole('option').first();
  await first.waitFor();
  const text = await first.innerText();
  assert.match(text, /Word \(DOCX\) to PDF/);
  assert.match(text, /\/api\/v1\/documents\/docx-to-pdf/);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'docs-search.png') });
  await page.keyboard.press('Escape');
});

test('try-it uploads a Markdown file to md-to-html and shows the download link', async () => {
  await search('Markdown to HTML');
  await page.getByRole('option').filter({ hasText: '/api/v1/documents/md-to-html' }).first().click();
  await page.getByRole('button', { name: /Test Request.*md-to-html/ }).click();
  const client = page.getByRole('dialog');
  await client.getByText('Value:').click();
  await page.keyboard.type(server.key);
  const chooser = page.waitForEvent('filechooser');
  await client.getByRole('button', { name: 'Select File' }).first().click();
  await (await chooser).setFiles({ name: 'notes.md', mimeType: 'text/markdown', buffer: Buffer.from('# Try it\n\nUploaded from the *reference*.\n') });
  const answered = page.waitForResponse((response) => response.url().includes('/api/v1/documents/md-to-html') && response.request().method() === 'POST');
  await client.getByRole('button', { name: /^Send/ }).first().click();
  const response = await answered;
  assert.equal(response.status(), 200, await response.text());
  const body = (await response.json()) as { message: string; result: { downloadUrl: string; fileName: string } };
  assert.equal(body.message, 'Conversion successful');
  assert.equal(body.result.fileName, 'notes.html');
  await client.getByText('Conversion successful').first().waitFor();
  await page.waitForTimeout(500); // the response panel's fade-in, for a clean screenshot
  await page.screenshot({ path: path.join(SCREENSHOTS, 'docs-try-it.png') });
  const html = await (await fetch(body.result.downloadUrl)).text();
  assert.match(html, /<h1[^>]*>Try it<\/h1>/);
});

test('nothing came from outside this server, and the console has no errors', () => {
  assert.deepEqual(outsideRequests, []);
  assert.deepEqual(consoleErrors, []);
});
