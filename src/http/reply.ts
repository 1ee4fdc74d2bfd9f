import type { FastifyReply, FastifyRequest } from 'fastify';
import { successBody } from '../core/envelope.ts';
import { asToolError, errorBody, type ToolError } from '../core/errors.ts';
import type { InvokeResult } from '../core/invoke.ts';
import type { AnyTool, ErrorShape } from '../registry/define-tool.ts';
import { renderMarkdown } from './markdown.ts';

export type OutputFormat = 'markdown' | 'json';

/** Success envelope (docs/contract.md "Envelopes"), or the special shape the tool declares, or the requested format. */
export function sendResult(reply: FastifyReply, tool: AnyTool, outcome: InvokeResult, format?: OutputFormat): FastifyReply {
  reply.code(tool.successStatus);
  if (format === 'markdown') return reply.type('text/markdown; charset=utf-8').send(renderMarkdown(tool.title, outcome.result));
  if (format === 'json') return reply.type('application/json; charset=utf-8').send(JSON.stringify(outcome.result, null, 2));
  switch (tool.response) {
    case 'envelope':
      return reply.send(successBody(tool.successStatus, 'Success', outcome));
    case 'status-result-warnings':
      return reply.send({ status: true, result: outcome.result, warnings: outcome.warnings });
    case 'bare-json':
      return reply.send(outcome.result);
    case 'text':
      return reply.type('text/plain; charset=utf-8').send(String(outcome.result));
    case 'file':
      return reply.send(successBody(tool.successStatus, 'Conversion successful', outcome));
  }
}

/** The `error` code each failed request answered with, read by the metrics (http/metrics.ts). */
const sentErrorCodes = new WeakMap<FastifyRequest, string>();

export function sentErrorCode(request: FastifyRequest): string | undefined {
  return sentErrorCodes.get(request);
}

export function sendError(reply: FastifyReply, cause: unknown, shape: ErrorShape = 'envelope'): FastifyReply {
  const error: ToolError = asToolError(cause);
  sentErrorCodes.set(reply.request, error.code);
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  reply.code(error.status);
  if (shape === 'status-message') return reply.send({ status: error.status, message: `${error.message}: ${error.detail}` });
  const request = reply.request;
  return reply.send(errorBody(error, { requestId: request.id, docUrl: `${request.protocol}://${request.host}${docPathOf(request.routeOptions.config.tool)}` }));
}

/**
 * The end of a request whose client closed the connection before the answer: nothing reaches the client, and the
 * metrics count it as 499 `client_closed` (the status nginx logs for it), not as an error of the service.
 */
export function sendClientGone(reply: FastifyReply): FastifyReply {
  sentErrorCodes.set(reply.request, 'client_closed');
  return reply.code(499).send();
}

/** Where the reference shows an operation: the tool's entry, or the reference itself for other routes. */
export function docPathOf(tool: AnyTool | undefined): string {
  return tool ? `/docs#tag/${tool.module}/POST${tool.path}` : '/docs';
}
