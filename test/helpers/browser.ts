import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';

/**
 * The Debian Chromium, headless, for the tests of what a person sees. Whatever Chromium itself tries to reach
 * outside (update checks, pings) goes to the network trap; the test server on loopback is reached directly.
 */
export function launchChromium(trapUrl: string): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-default-apps',
      '--no-pings',
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
