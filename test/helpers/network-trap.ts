import { createServer, type Socket } from 'node:net';

/**
 * A loopback "proxy" that answers nothing and counts who tried to use it. Tools that must stay offline (the
 * OpenAPI linter, Chromium on the reference page) are pointed at it as their HTTP(S) proxy: a request they
 * make to the outside lands here instead of leaving the machine, and the test fails on the count.
 */
export interface NetworkTrap {
  url: string;
  /** Connections attempted so far, with the first bytes each sent (the proxied request line). */
  attempts: string[];
  /** Environment that routes Node's http, https and fetch through the trap (Node 24: NODE_USE_ENV_PROXY). */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startNetworkTrap(): Promise<NetworkTrap> {
  const attempts: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    const index = attempts.push('(a connection that sent nothing)') - 1;
    socket.once('data', (chunk) => (attempts[index] = chunk.toString('latin1').split('\r\n')[0] ?? ''));
    socket.once('close', () => sockets.delete(socket));
    setTimeout(() => socket.destroy(), 100).unref();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    attempts,
    env: { NODE_USE_ENV_PROXY: '1', HTTP_PROXY: url, HTTPS_PROXY: url, http_proxy: url, https_proxy: url, NO_PROXY: '', no_proxy: '' },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
