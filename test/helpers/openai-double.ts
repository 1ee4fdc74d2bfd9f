import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * TEST DOUBLE of an OpenAI-compatible chat-completions server, on loopback.
 *
 * Why a double: no real AI provider is reachable from this machine or from CI (no network but the
 * package registries), and a real model would make answers, latency and token counts nondeterministic.
 * The double implements the part of the OpenAI wire format the adapter uses — `POST /v1/chat/completions`
 * with `{model, messages, max_tokens, temperature}` in, `{model, choices[0].message.content, usage}` out —
 * and records every request (path, headers, body) so tests can check exactly what the adapter sent.
 * Each test scripts the answers: a queue of responses (status, headers, body, or a hang to test timeouts).
 */

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: {
    model?: string;
    messages?: { role: string; content: string }[];
    max_tokens?: number;
    temperature?: number;
  };
  at: number;
}

export type ScriptedReply = { status?: number; headers?: Record<string, string>; json?: unknown; text?: string } | { hang: true };

export interface OpenAiDouble {
  /** Base URL to configure as TOOLAPI_AI_BASE_URL (ends in /v1). */
  baseUrl: string;
  requests: RecordedRequest[];
  /** Replies used in order; when the queue is empty, `fallback` answers. */
  queue: ScriptedReply[];
  fallback: (request: RecordedRequest) => ScriptedReply;
  /** Forgets the recorded requests and the scripted replies: the next call gets `completion('ok')`. */
  reset(): void;
  close(): Promise<void>;
}

/** A successful completion in the OpenAI shape. */
export function completion(
  content: string,
  usage: { prompt: number; completion: number } | null = { prompt: 12, completion: 7 },
  model = 'double-model-1',
): ScriptedReply {
  return {
    status: 200,
    json: {
      id: 'chatcmpl-test',
      object: 'chat.completion',
      model,
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      ...(usage ? { usage: { prompt_tokens: usage.prompt, completion_tokens: usage.completion, total_tokens: usage.prompt + usage.completion } } : {}),
    },
  };
}

export async function startOpenAiDouble(): Promise<OpenAiDouble> {
  const requests: RecordedRequest[] = [];
  const hanging = new Set<ServerResponse>();
  const state: Pick<OpenAiDouble, 'queue' | 'fallback'> = { queue: [], fallback: () => completion('ok') };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let body: RecordedRequest['body'] = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as RecordedRequest['body'];
      } catch {
        body = {};
      }
      const recorded: RecordedRequest = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body, at: Date.now() };
      requests.push(recorded);
      const reply = state.queue.shift() ?? state.fallback(recorded);
      if ('hang' in reply) {
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
      }
      if (req.url !== '/v1/chat/completions' || req.method !== 'POST') {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
        return;
      }
      const payload = reply.text ?? JSON.stringify(reply.json ?? {});
      res.writeHead(reply.status ?? 200, { 'content-type': reply.text !== undefined ? 'text/plain' : 'application/json', ...reply.headers }).end(payload);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    get queue() {
      return state.queue;
    },
    set queue(value) {
      state.queue = value;
    },
    get fallback() {
      return state.fallback;
    },
    set fallback(value) {
      state.fallback = value;
    },
    reset: () => {
      requests.length = 0;
      state.queue = [];
      state.fallback = () => completion('ok');
    },
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
