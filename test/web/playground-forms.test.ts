import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { type Browser } from 'playwright-core';
import { launchChromium } from '../helpers/browser.ts';
import { startNetworkTrap, type NetworkTrap } from '../helpers/network-trap.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

/**
 * Every tool's generated form round-trips its first example: the page prefilled with example N (?example=N, no
 * JavaScript needed) and read back by playground.js (the input it would send, shown in the MCP snippet) is the
 * same input once the tool's own schema has parsed both (defaults filled in, so a default left out equals a
 * default sent). This covers every kind of field the registry's JSON Schemas use, for every tool, with no web code per tool.
 */
let server: TestServer;
let trap: NetworkTrap;
let browser: Browser;

before(async () => {
  server = await startTestServer();
  trap = await startNetworkTrap();
  browser = await launchChromium(trap.url);
});

after(async () => {
  await browser?.close();
  await trap?.close();
  await server?.close();
});

/**
 * What a form cannot tell apart, by HTML's rules, made equal before comparing: a textarea holds line breaks as LF
 * (HTML "textarea" value normalisation), checkboxes list their choices in the schema's order, a field that takes a
 * number or a numeric string sends the number, and a field that takes JSON or its text sends the parsed JSON.
 */
function same(value: unknown): unknown {
  if (typeof value === 'string') {
    const text = value.replace(/\r\n?/g, '\n');
    if (/^-?(?:0|[1-9]\d*)(?:\.\d+)?$/.test(text)) return Number(text);
    if (/^\s*[[{]/.test(text)) {
      try {
        return same(JSON.parse(text));
      } catch {
        return text;
      }
    }
    return text;
  }
  if (Array.isArray(value)) {
    const items = value.map(same);
    return items.every((i) => typeof i !== 'object' || i === null) ? [...items].sort() : items;
  }
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, same(v)]));
  return value;
}

test("the first example of every tool survives the form: prefilled, read back, parsed by the tool's schema", async () => {
  const errors: string[] = [];
  const mismatches: string[] = [];
  // The first example of each tool: every kind of field is among them, and the run stays within the test timeout.
  const cases = server.service.registry.tools.map((tool) => ({ tool, example: tool.examples[0] as (typeof tool.examples)[number], n: 1 }));
  let next = 0;
  let checked = 0;
  // Three pages side by side. No request interception: it would turn off the browser's cache, and the pages'
  // styles and scripts come from it after the first page (immutable asset URLs, src/web/assets.ts). The snippet
  // is read by one evaluate (playground.js wrote it before DOMContentLoaded: it is a deferred script), which
  // spares each new document Playwright's selector engine.
  const worker = async (): Promise<void> => {
    const page = await browser.newPage();
    page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
    for (let c = cases[next++]; c; c = cases[next++]) {
      const { tool, example, n } = c;
      await page.goto(`${server.url}/tools/${tool.module}/${tool.slug}?example=${n}`, { waitUntil: 'domcontentloaded' });
      const snippet = await page.evaluate<string>("document.getElementById('snippet-mcp').innerText");
      const sent = (JSON.parse(snippet.slice(snippet.indexOf('{'))) as { params: { arguments: { input: Record<string, unknown> } } }).params.arguments.input;
      if (tool.upload) delete sent[tool.upload.field];
      const expected = tool.input.safeParse(example.input);
      const actual = tool.input.safeParse(sent);
      checked++;
      if (!actual.success)
        mismatches.push(
          `${tool.path} example ${n}: the form's input is refused: ${actual.error.issues.map((e) => `${e.path.join('.')}: ${e.message}`).join('; ')}\n  sent ${JSON.stringify(sent)}`,
        );
      else if (JSON.stringify(same(actual.data)) !== JSON.stringify(same(expected.data))) {
        mismatches.push(`${tool.path} example ${n}:\n  sent     ${JSON.stringify(sent)}\n  example  ${JSON.stringify(example.input)}`);
      }
    }
    await page.close();
  };
  await Promise.all([worker(), worker(), worker()]);
  assert.equal(checked, server.service.registry.tools.length, `${checked} examples checked`);
  assert.deepEqual(mismatches, []);
  assert.deepEqual(errors, []);
});
