import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FastifyBaseLogger } from 'fastify';
import { createLogger } from '../logger.ts';
import { lazyRequestLogger } from './request-logger.ts';

function capture(level: string): { parent: FastifyBaseLogger; lines: Record<string, unknown>[]; children: () => number } {
  const lines: Record<string, unknown>[] = [];
  const parent = createLogger(level, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
  let children = 0;
  const child = parent.child;
  // pino's children inherit from their parent: the spy must keep `this`, or a grandchild would lose its bindings.
  parent.child = function (this: typeof parent, ...args: Parameters<typeof child>) {
    children++;
    return child.apply(this, args);
  } as typeof parent.child;
  return { parent: parent as FastifyBaseLogger, lines, children: () => children };
}

test('a line below the level is dropped without building the child logger', () => {
  const { parent, lines, children } = capture('warn');
  const log = lazyRequestLogger(parent, { reqId: 'r-1' }, {});
  log.info({ a: 1 }, 'not written');
  log.debug('not written either');
  assert.equal(lines.length, 0);
  assert.equal(children(), 0);
  assert.equal(log.level, 'warn');
});

test('a line at the level carries the request bindings and goes through the redaction of the parent', () => {
  const { parent, lines, children } = capture('info');
  const log = lazyRequestLogger(parent, { reqId: 'r-2' }, {});
  log.info({ route: '/x', apiKey: 'tk_secret' }, 'request');
  log.error('failed');
  assert.equal(children(), 1, 'built once, on the first line');
  assert.deepEqual(
    lines.map((line) => [line.reqId, line.msg, line.route, line.apiKey]),
    [
      ['r-2', 'request', '/x', '[redacted]'],
      ['r-2', 'failed', undefined, undefined],
    ],
  );
  log.child({ step: 2 }).warn('nested');
  assert.deepEqual([lines[2]?.reqId, lines[2]?.step, lines[2]?.msg], ['r-2', 2, 'nested']);
});
