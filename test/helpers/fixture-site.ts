import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Loopback web servers for URL-tool tests: a route table of canned responses (or handlers), a count of
 * the TCP connections that arrived (so SSRF tests can prove none did), and an HTTPS variant whose
 * certificate the test makes with the openssl CLI.
 */
export interface CannedResponse {
  status?: number;
  headers?: Record<string, string | string[]>;
  body?: string | Buffer;
}

export type Route = CannedResponse | ((req: http.IncomingMessage, res: http.ServerResponse) => void);

export interface FixtureSite {
  /** `http://127.0.0.1:port` (no trailing slash). */
  origin: string;
  host: string;
  port: number;
  routes: Map<string, Route>;
  /** TCP connections accepted so far. */
  connections: number;
  /** Request lines received, `METHOD /path`. */
  requests: string[];
  /** Request headers of each request, in order. */
  requestHeaders: http.IncomingHttpHeaders[];
  close(): Promise<void>;
}

export interface SiteOptions {
  host?: string;
  port?: number;
  tls?: { key: string; cert: string };
}

export async function startSite(routes: Record<string, Route> = {}, options: SiteOptions = {}): Promise<FixtureSite> {
  const host = options.host ?? '127.0.0.1';
  const table = new Map<string, Route>(Object.entries(routes));
  const sockets = new Set<Socket>();
  const handler = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    site.requests.push(`${req.method} ${req.url}`);
    site.requestHeaders.push(req.headers);
    const url = req.url ?? '/';
    const route = table.get(url) ?? table.get(url.split('?')[0] ?? '/') ?? table.get('*');
    if (!route) {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<html><head><title>Not found</title></head><body>404</body></html>');
      return;
    }
    if (typeof route === 'function') {
      route(req, res);
      return;
    }
    res.writeHead(route.status ?? 200, { 'content-type': 'text/html; charset=utf-8', ...route.headers });
    res.end(req.method === 'HEAD' ? undefined : (route.body ?? ''));
  };
  const server = options.tls ? https.createServer({ key: options.tls.key, cert: options.tls.cert }, handler) : http.createServer(handler);
  const site: FixtureSite = {
    origin: '',
    host,
    port: 0,
    routes: table,
    connections: 0,
    requests: [],
    requestHeaders: [],
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  server.on('connection', (socket: Socket) => {
    site.connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, resolve);
  });
  site.port = (server.address() as AddressInfo).port;
  const hostPart = host.includes(':') ? `[${host}]` : host;
  site.origin = `${options.tls ? 'https' : 'http'}://${hostPart}:${site.port}`;
  return site;
}

/** A self-signed certificate made with the openssl CLI in a temp dir (names go in subjectAltName). */
export function selfSignedCert(options: { commonName?: string; altNames?: string[]; days?: number; notBefore?: string } = {}): { key: string; cert: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'toolapi-cert-'));
  try {
    const cn = options.commonName ?? 'localhost';
    const alt = (options.altNames ?? ['DNS:localhost', 'IP:127.0.0.1']).join(',');
    const keyFile = path.join(dir, 'key.pem');
    const certFile = path.join(dir, 'cert.pem');
    const conf = path.join(dir, 'openssl.cnf');
    writeFileSync(
      conf,
      `[req]\ndistinguished_name=dn\nx509_extensions=ext\nprompt=no\n[dn]\nCN=${cn}\nO=toolapi tests\n[ext]\nsubjectAltName=${alt}\nbasicConstraints=CA:FALSE\n`,
    );
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:P-256',
        '-nodes',
        '-keyout',
        keyFile,
        '-out',
        certFile,
        '-days',
        String(options.days ?? 30),
        '-config',
        conf,
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certFile, 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
