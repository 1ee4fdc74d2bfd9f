import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { ToolError } from '../../core/errors.ts';

/**
 * The AI provider port: one chat completion. The adapter speaks the OpenAI-compatible
 * `POST {baseUrl}/chat/completions` (OpenAI, Azure OpenAI's v1 route, OpenRouter, vLLM, llama.cpp's
 * server, Ollama's /v1, LiteLLM…). It never logs prompts or answers: they are the caller's data.
 */

export interface AiUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
  /** True when the provider reported no usage and the counts are estimated (about 4 characters a token). */
  estimated?: boolean;
}

export interface AiCompletionRequest {
  system?: string;
  prompt: string;
  maxTokens?: number;
  temperature?: number;
  /** Aborts the call (the tool's deadline or the client going away). */
  signal: AbortSignal;
}

export interface AiCompletion {
  text: string;
  usage: AiUsage;
  /** The model that answered, as the provider names it. */
  model: string;
}

export interface AiProvider {
  complete(request: AiCompletionRequest): Promise<AiCompletion>;
}

export interface AiProviderOptions {
  /** Injected for tests; the global fetch otherwise. */
  fetch?: typeof fetch;
  /** First backoff step in ms (doubles each retry, with jitter). Default 500. */
  retryBaseMs?: number;
  /** Tries in all, 1–3. Default 3. */
  maxAttempts?: number;
  /** Source of jitter in [0, 1). Default Math.random. */
  random?: () => number;
}

/** The model asked for when TOOLAPI_AI_MODEL is unset (OpenAI's small chat model; other servers ignore or map it). */
export const DEFAULT_AI_MODEL = 'gpt-4o-mini';
const MAX_ATTEMPTS = 3;
const MAX_RESPONSE_BYTES = 4 * 1024 * 1024;
const RETRYABLE = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

const completionSchema = z.object({
  model: z.string().optional(),
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable().optional() }).optional(), text: z.string().optional() })).min(1),
  usage: z
    .object({
      prompt_tokens: z.number().int().nonnegative().optional(),
      completion_tokens: z.number().int().nonnegative().optional(),
      total_tokens: z.number().int().nonnegative().optional(),
    })
    .nullable()
    .optional(),
});

/** A provider when `TOOLAPI_AI_BASE_URL` is set; undefined means the AI tools run their local models. */
export function createAiProvider(config: Config['ai'], options: AiProviderOptions = {}): AiProvider | undefined {
  if (!config.baseUrl) return undefined;
  return new OpenAiCompatibleProvider(config, options);
}

class OpenAiCompatibleProvider implements AiProvider {
  readonly #url: string;
  readonly #apiKey: string | undefined;
  readonly #model: string;
  readonly #timeoutMs: number;
  readonly #fetch: typeof fetch;
  readonly #retryBaseMs: number;
  readonly #maxAttempts: number;
  readonly #random: () => number;

  constructor(config: Config['ai'], options: AiProviderOptions) {
    this.#url = `${(config.baseUrl ?? '').replace(/\/+$/, '')}/chat/completions`;
    this.#apiKey = config.apiKey;
    this.#model = config.model ?? DEFAULT_AI_MODEL;
    this.#timeoutMs = config.timeoutMs;
    this.#fetch = options.fetch ?? fetch;
    this.#retryBaseMs = options.retryBaseMs ?? 500;
    this.#maxAttempts = Math.min(MAX_ATTEMPTS, Math.max(1, options.maxAttempts ?? MAX_ATTEMPTS));
    this.#random = options.random ?? Math.random;
  }

  async complete(request: AiCompletionRequest): Promise<AiCompletion> {
    const messages = [...(request.system ? [{ role: 'system', content: request.system }] : []), { role: 'user', content: request.prompt }];
    const body = JSON.stringify({
      model: this.#model,
      messages,
      ...(request.maxTokens !== undefined ? { max_tokens: request.maxTokens } : {}),
      ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
    });
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (this.#apiKey) headers.authorization = `Bearer ${this.#apiKey}`;

    // One budget for the whole call, retries and waits included (TOOLAPI_AI_TIMEOUT_MS).
    const deadline = Date.now() + this.#timeoutMs;
    let lastFailure = '';
    for (let attempt = 1; attempt <= this.#maxAttempts; attempt++) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw this.#timeoutError();
      const timeout = AbortSignal.timeout(remaining);
      const signal = AbortSignal.any([request.signal, timeout]);
      let response: Response;
      let text: string;
      try {
        response = await this.#fetch(this.#url, { method: 'POST', headers, body, signal });
        text = await readBounded(response);
      } catch (error) {
        if (request.signal.aborted) throw abortReason(request.signal);
        if (timeout.aborted) throw this.#timeoutError();
        if (error instanceof ToolError) throw error;
        lastFailure = `the connection failed (${describeNetworkError(error)})`;
        if (attempt < this.#maxAttempts) {
          await this.#wait(this.#backoff(attempt), deadline, request.signal);
          continue;
        }
        throw new ToolError('upstream_failed', `The AI provider could not be reached: ${lastFailure}, after ${attempt} tries.`);
      }
      if (response.ok) return this.#parse(text, request);

      const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
      lastFailure = `HTTP ${response.status}${providerMessage(text)}`;
      if (RETRYABLE.has(response.status) && attempt < this.#maxAttempts) {
        const wait = retryAfterMs ?? this.#backoff(attempt);
        if (Date.now() + wait < deadline) {
          await this.#wait(wait, deadline, request.signal);
          continue;
        }
      }
      throw this.#httpError(response.status, lastFailure, attempt, retryAfterMs);
    }
    throw new ToolError('upstream_failed', `The AI provider failed: ${lastFailure}.`);
  }

  #parse(text: string, request: AiCompletionRequest): AiCompletion {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new ToolError(
        'upstream_failed',
        'The AI provider answered with something that is not JSON; check TOOLAPI_AI_BASE_URL points at an OpenAI-compatible API (…/v1).',
      );
    }
    const parsed = completionSchema.safeParse(json);
    if (!parsed.success) {
      throw new ToolError(
        'upstream_failed',
        "The AI provider's answer has no choices[0].message.content; check TOOLAPI_AI_BASE_URL points at an OpenAI-compatible chat-completions API.",
      );
    }
    const choice = parsed.data.choices[0]!;
    const answer = choice.message?.content ?? choice.text ?? '';
    const usage = parsed.data.usage;
    const promptChars = (request.system?.length ?? 0) + request.prompt.length;
    const reported = usage && usage.prompt_tokens !== undefined && usage.completion_tokens !== undefined;
    const promptTokens = reported ? usage.prompt_tokens! : Math.ceil(promptChars / 4);
    const completionTokens = reported ? usage.completion_tokens! : Math.ceil(answer.length / 4);
    return {
      text: answer,
      model: parsed.data.model ?? this.#model,
      usage: {
        promptTokens,
        completionTokens,
        totalTokens: reported ? (usage.total_tokens ?? promptTokens + completionTokens) : promptTokens + completionTokens,
        ...(reported ? {} : { estimated: true }),
      },
    };
  }

  /** Exponential backoff with "equal jitter": half the step fixed, half random. */
  #backoff(attempt: number): number {
    const step = this.#retryBaseMs * 2 ** (attempt - 1);
    return Math.round(step / 2 + (this.#random() * step) / 2);
  }

  async #wait(ms: number, deadline: number, signal: AbortSignal): Promise<void> {
    const budget = deadline - Date.now();
    if (ms >= budget) throw this.#timeoutError();
    try {
      await sleep(ms, undefined, { signal });
    } catch {
      throw abortReason(signal);
    }
  }

  #timeoutError(): ToolError {
    return new ToolError('timeout', `The AI provider did not answer within ${this.#timeoutMs} ms (TOOLAPI_AI_TIMEOUT_MS); try a shorter text, or again later.`);
  }

  #httpError(status: number, failure: string, attempts: number, retryAfterMs: number | undefined): ToolError {
    const tries = attempts > 1 ? ` after ${attempts} tries` : '';
    if (status === 429 || status === 503) {
      const seconds = Math.max(1, Math.ceil((retryAfterMs ?? 30_000) / 1000));
      return new ToolError('service_unavailable', `The AI provider is overloaded or rate limiting (${failure})${tries}; retry in about ${seconds} s.`, {
        headers: { 'retry-after': String(seconds) },
      });
    }
    if (status === 401 || status === 403) {
      return new ToolError('upstream_failed', `The AI provider refused the credentials (${failure}); the operator should check TOOLAPI_AI_API_KEY.`);
    }
    if (status === 404) {
      return new ToolError(
        'upstream_failed',
        `The AI provider has no such endpoint or model (${failure}); the operator should check TOOLAPI_AI_BASE_URL and TOOLAPI_AI_MODEL.`,
      );
    }
    return new ToolError('upstream_failed', `The AI provider failed (${failure})${tries}.`);
  }
}

async function readBounded(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_RESPONSE_BYTES) {
      await reader.cancel();
      throw new ToolError('upstream_failed', `The AI provider's answer is larger than ${MAX_RESPONSE_BYTES} bytes.`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Retry-After as delay-seconds or an HTTP date (RFC 9110 §10.2.3); undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/** The provider's own error message (OpenAI shape `{error: {message}}`), shortened; never the request. */
function providerMessage(text: string): string {
  try {
    const json = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
    const message = typeof json.error === 'string' ? json.error : (json.error?.message ?? json.message);
    if (typeof message === 'string' && message.trim()) return `: ${message.trim().replace(/\s+/g, ' ').slice(0, 200)}`;
  } catch {
    // not JSON: say nothing more than the status
  }
  return '';
}

function describeNetworkError(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  if (cause && typeof cause.code === 'string') return cause.code;
  return error instanceof Error ? error.name : 'network error';
}

function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof ToolError) return reason;
  return new ToolError('timeout', 'The request was cancelled before the AI provider answered.');
}
