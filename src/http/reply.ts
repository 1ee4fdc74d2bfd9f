import type { FastifyReply } from 'fastify';
import { asToolError, errorBody, type ToolError } from '../core/errors.ts';
import type { InvokeResult } from '../core/invoke.ts';
import type { AnyTool, ErrorShape } from '../registry/define-tool.ts';
import { renderMarkdown } from './markdown.ts';

export type OutputFormat = 'markdown' | 'json';

/** Success envelope (SERVICE-SPEC 2.1), or the special shape the tool declares (SERVICE-SPEC 2.4), or the requested format. */
export function sendResult(reply: FastifyReply, tool: AnyTool, outcome: InvokeResult, format?: OutputFormat): FastifyReply {
  reply.code(tool.successStatus);
  if (format === 'markdown') return reply.type('text/markdown; charset=utf-8').send(renderMarkdown(tool.title, outcome.result));
  if (format === 'json') return reply.type('application/json; charset=utf-8').send(JSON.stringify(outcome.result, null, 2));
  switch (tool.response) {
    case 'envelope':
      return reply.send(envelope(tool.successStatus, 'Success', outcome));
    case 'status-result-warnings':
      return reply.send({ status: true, result: outcome.result, warnings: outcome.warnings });
    case 'bare-json':
      return reply.send(outcome.result);
    case 'text':
      return reply.type('text/plain; charset=utf-8').send(String(outcome.result));
    case 'file':
      return reply.send(envelope(tool.successStatus, 'Conversion successful', outcome));
  }
}

export function envelope(code: number, message: string, outcome: InvokeResult): Record<string, unknown> {
  const body: Record<string, unknown> = { status: true, code, message, result: outcome.result };
  if (outcome.warnings.length > 0) body.warnings = outcome.warnings;
  return body;
}

export function sendError(reply: FastifyReply, cause: unknown, shape: ErrorShape = 'envelope'): FastifyReply {
  const error: ToolError = asToolError(cause);
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  reply.code(error.status);
  if (shape === 'status-message') return reply.send({ status: error.status, message: `${error.message}: ${error.detail}` });
  return reply.send(errorBody(error));
}
