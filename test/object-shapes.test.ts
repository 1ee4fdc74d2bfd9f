import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { warmLibraries } from '../src/lib/lazy.ts';
import { ALL_TOOLS } from '../src/tools/index.ts';
import { run } from './helpers/invoke.ts';

/**
 * V8 gives objects built alike one hidden class (shape), found through a table of transitions per shape; the
 * table of the empty object `{}` holds about 1,500 first properties. A library that fills it (compromise's
 * lexicon did: src/lib/nlp/compromise.ts) makes every object the service then builds as `{}` plus keys, such as
 * each request's and reply's headers, take V8's slow path with a shape of its own. V8 itself is the oracle here:
 * `%HaveSameMap`, reached through its natives syntax.
 */
setFlagsFromString('--allow-natives-syntax');
const haveSameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;

/** Two objects given the same new first key share a shape while the `{}` table still takes transitions. */
function newKeySharesShape(): boolean {
  const key = `probe-${Math.random().toString(36).slice(2)}`;
  const a: Record<string, number> = {};
  a[key] = 1;
  const b: Record<string, number> = {};
  b[key] = 2;
  return haveSameMap(a, b);
}

test('with every library loaded and the text tools run in this process, objects built alike still share a shape', async () => {
  assert.ok(newKeySharesShape(), 'at the start');
  await warmLibraries();
  assert.ok(newKeySharesShape(), 'after loading every library and building every lazy value, as npm start does');
  // The NLP tools run inline here (no CPU pool), so whatever they load lands in this realm.
  const textTools = ALL_TOOLS.filter((tool) => tool.module === 'text-intelligence' || tool.module === 'ai-models');
  for (const tool of textTools) {
    for (const example of tool.examples) await run(tool, example.input).catch(() => undefined);
  }
  assert.ok(newKeySharesShape(), `after running the examples of ${textTools.length} text tools`);
});
