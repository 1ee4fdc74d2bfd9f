import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A TEST DOUBLE of the API for what the real service cannot show quickly or at all: exact timing of
 * Retry-After, 503s, slow answers, proxy error pages. It answers each request from a script; it is not
 * the service and checks nothing about tools.
 */
export interface DoubleRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Milliseconds since the double started. */
  at: number;
}

export interface DoubleAnswer {
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
  /** Wait this long before answering. */
  delayMs?: number;
}

export interface ApiDouble {
  url: string;
  requests: DoubleRequest[];
  close(): Promise<void>;
}

export const envelope = (result: unknown): DoubleAnswer => ({ status: 200, body: { status: true, code: 200, message: 'Success', result } });

export const errorAnswer = (status: number, error: string, detail: string, headers: Record<string, string> = {}): DoubleAnswer => ({
  status,
  headers,
  body: { status: false, code: status, message: error.replace(/_/g, ' '), error, detail },
});

/** Starts the double; `answer(request, index)` scripts the reply to the index-th request (0-based). */
export async function startApiDouble(answer: (request: DoubleRequest, index: number) => DoubleAnswer): Promise<ApiDouble> {
  const started = Date.now();
  const requests: DoubleRequest[] = [];
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const request: DoubleRequest = { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body, at: Date.now() - started };
      requests.push(request);
      const reply = answer(request, requests.length - 1);
      const send = (): void => {
        if (res.destroyed) return;
        const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body ?? {});
        const type = typeof reply.body === 'string' ? 'text/html' : 'application/json; charset=utf-8';
        res.writeHead(reply.status ?? 200, { 'content-type': type, 'x-request-id': `double-${requests.length}`, ...reply.headers });
        res.end(text);
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
