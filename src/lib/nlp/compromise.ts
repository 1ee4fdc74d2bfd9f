import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import vm from 'node:vm';
import type Nlp from 'compromise';
import { lazyValue } from '../lazy.ts';

/**
 * `compromise` (a rule-and-lexicon POS tagger), loaded into a JavaScript realm of its own (a `node:vm` context).
 * Building its lexicon makes thousands of objects whose first properties all differ. In the service's own realm
 * they fill V8's table of shape transitions from the empty object `{}` (it keeps about 1,500), and from then on
 * every object the process builds as `{}` plus keys, such as each request's and reply's headers, gets a new
 * hidden class and takes V8's slow path: measured with callgrind, a keyed call cost about a third more
 * instructions once compromise was loaded (docs/architecture.md "Requests"). Its own realm has its own `{}`.
 * Strings go in and plain data comes out, so nothing else changes; test/object-shapes.test.ts checks the
 * service's realm stays clear.
 */
export const compromise = lazyValue((): typeof Nlp => {
  const file = createRequire(import.meta.url).resolve('compromise');
  // It reads only its DEBUG_* switches from process.env: an empty one keeps them off.
  const sandbox = { module: { exports: {} as unknown }, exports: {}, console, process: { env: {} } };
  vm.runInNewContext(readFileSync(file, 'utf8'), sandbox, { filename: file });
  return sandbox.module.exports as typeof Nlp;
});
