import type { z } from 'zod';
import type { ToolContext } from '../../core/context.ts';
import { ToolError } from '../../core/errors.ts';
import type { AiCompletion, AiCompletionRequest, AiProvider, AiUsage } from './provider.ts';

export { createAiProvider, DEFAULT_AI_MODEL, parseRetryAfter } from './provider.ts';
export type { AiCompletion, AiCompletionRequest, AiProvider, AiProviderOptions, AiUsage } from './provider.ts';

/**
 * The AI provider of this call, if the operator configured one. The ONE place that reads it from the
 * engines: when `Engines` declares `ai?: AiProvider`, this becomes `return ctx.engines.ai;`.
 */
export function aiProviderOf(ctx: Pick<ToolContext, 'engines'>): AiProvider | undefined {
  return ctx.engines.ai;
}

/** What an operator sets to enable the provider path; quoted in 501s and local-mode warnings. */
export const AI_SETUP_HINT = 'set TOOLAPI_AI_BASE_URL to an OpenAI-compatible API (plus TOOLAPI_AI_API_KEY and TOOLAPI_AI_MODEL as the provider needs)';

/** A 501 for work that only a language model can do; never a fake answer. */
export function aiRequired(what: string): ToolError {
  return new ToolError('engine_unavailable', `${what} needs an AI provider, and this server has none configured: the operator should ${AI_SETUP_HINT}.`);
}

/** The warning every local-mode answer carries. */
export function localModeWarning(models: string): string {
  return `Local mode: no AI provider is configured, so this answer comes from local models (${models}); to use a language model the operator should ${AI_SETUP_HINT}.`;
}

export function addUsage(a: AiUsage | null, b: AiUsage): AiUsage {
  if (a === null) return { ...b };
  const sum: AiUsage = {
    promptTokens: a.promptTokens + b.promptTokens,
    completionTokens: a.completionTokens + b.completionTokens,
    totalTokens: a.totalTokens + b.totalTokens,
  };
  if (a.estimated || b.estimated) sum.estimated = true;
  return sum;
}

export interface JsonCompletion<T> {
  /** The parsed answer, or undefined when the model did not answer with JSON of the asked shape. */
  data: T | undefined;
  completion: AiCompletion;
}

/**
 * Asks for a JSON answer and checks it against `schema`. Models often wrap JSON in a ``` fence or add a
 * sentence around it; the first JSON object or array in the answer is what counts.
 */
export async function completeJson<T>(provider: AiProvider, request: AiCompletionRequest, schema: z.ZodType<T>): Promise<JsonCompletion<T>> {
  const completion = await provider.complete(request);
  const parsed = schema.safeParse(extractJson(completion.text));
  return { data: parsed.success ? parsed.data : undefined, completion };
}

export function extractJson(text: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(text);
  const candidate = (fenced?.[1] ?? text).trim();
  try {
    return JSON.parse(candidate);
  } catch {
    const start = candidate.search(/[[{]/);
    if (start < 0) return undefined;
    const open = candidate[start];
    const end = candidate.lastIndexOf(open === '{' ? '}' : ']');
    if (end <= start) return undefined;
    try {
      return JSON.parse(candidate.slice(start, end + 1));
    } catch {
      return undefined;
    }
  }
}
