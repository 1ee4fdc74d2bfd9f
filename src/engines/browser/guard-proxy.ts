import http from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import { ToolError } from '../../core/errors.ts';
import type { FetchEngine } from '../fetch/fetcher.ts';

/**
 * A loopback forward proxy that every Chromium request goes through. It applies the fetcher's SSRF
 * policy to each request (CONNECT for https, absolute-form for http) and connects to the address that
 * was checked, so Chromium's own DNS cannot be rebound to a forbidden address between the page.route
 * check and the connection. Refused targets get a 403 and are recorded.
 */
export interface GuardProxy {
  readonly url: string;
  close(): Promise<void>;
}

export interface BlockedRequest {
  url: string;
  reason: string;
}

export async function startGuardProxy(fetchEngine: FetchEngine, onBlocked: (blocked: BlockedRequest) => void, timeoutMs: number): Promise<GuardProxy> {
  const sockets = new Set<Duplex>();
  const server = http.createServer((req, res) => {
    void forwardHttp(req, res).catch((error: unknown) => {
      if (!res.headersSent) {
        res.writeHead(error instanceof ToolError && error.code === 'forbidden_target' ? 403 : 502, { 'content-type': 'text/plain' });
      }
      res.end(error instanceof ToolError ? error.detail : 'proxy error');
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });

  async function guard(url: string): Promise<ReturnType<FetchEngine['check']> extends Promise<infer T> ? T : never> {
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      return await fetchEngine.check(url, signal);
    } catch (error) {
      if (error instanceof ToolError && error.code === 'forbidden_target') onBlocked({ url, reason: error.detail });
      throw error;
    }
  }

  async function forwardHttp(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = req.url ?? '';
    if (!/^http:\/\//i.test(url)) throw new ToolError('invalid_request', 'only absolute http URLs go through this proxy');
    const target = await guard(url);
    const headers = { ...req.headers };
    delete headers['proxy-connection'];
    delete headers['proxy-authorization'];
    const upstream = http.request({
      host: target.hostname,
      port: target.port,
      method: req.method,
      path: `${target.url.pathname}${target.url.search}`,
      headers,
      agent: false,
      lookup: fetchEngine.lookupFor(target),
    });
    upstream.on('response', (up) => {
      res.writeHead(up.statusCode ?? 502, up.rawHeaders);
      up.pipe(res);
    });
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  }

  server.on('connect', (req: http.IncomingMessage, client: Duplex, head: Buffer) => {
    const authority = req.url ?? '';
    client.on('error', () => client.destroy());
    guard(`https://${authority}/`)
      .then((target) => {
        const upstream = net.connect({ host: target.hostname, port: target.port, lookup: fetchEngine.lookupFor(target) });
        sockets.add(upstream);
        upstream.on('close', () => sockets.delete(upstream));
        upstream.once('connect', () => {
          client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
          if (head.length > 0) upstream.write(head);
          upstream.pipe(client);
          client.pipe(upstream);
        });
        upstream.on('error', () => {
          client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
          client.destroy();
        });
      })
      .catch((error: unknown) => {
        const status = error instanceof ToolError && error.code === 'forbidden_target' ? '403 Forbidden' : '502 Bad Gateway';
        client.end(`HTTP/1.1 ${status}\r\ncontent-length: 0\r\n\r\n`);
      });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
