import path from 'node:path';

/**
 * The test files that take longest on a 2-core machine (engines, browsers, child servers, whole-catalog sweeps), longest
 * first, as measured by a whole run. The runner starts files in the order it is given: started last, three of these
 * together made a tail that the small files could not fill (on 2 cores, the Chromium files alone ran for the last
 * minute). Started first, the small files fill the gaps they leave. A file missing from the list only runs later.
 */
const LONGEST = [
  'test/cluster.test.ts',
  'src/engines/office/supervision.test.ts',
  'test/ebook/ebook.test.ts',
  'test/web/playground.test.ts',
  'test/web/playground-forms.test.ts',
  'test/office/office.test.ts',
  'test/examples.test.ts',
  'test/accounts/processes.test.ts',
  'test/event-loop.test.ts',
  'test/fuzz.test.ts',
  'test/web/web.test.ts',
  'test/mcp/eval.test.ts',
  'src/engines/office/fallback.test.ts',
  'test/docs-page.test.ts',
  'test/dashboard-page.test.ts',
  'test/convertors/images.test.ts',
  'test/typed-client/typed-client.test.ts',
  'test/extract/extract.test.ts',
  'test/accounts/cli.test.ts',
  'test/mcp/runs.test.ts',
  'test/archive/archive.test.ts',
];

/** Every file as an absolute path: the listed ones first in their order, then the others in name order. */
export function longestFirst(files: string[]): string[] {
  const missing = LONGEST.filter((file) => !files.includes(file));
  if (missing.length > 0) throw new Error(`scripts/test-order.ts lists test files that do not exist: ${missing.join(', ')}`);
  const rest = files.filter((file) => !LONGEST.includes(file)).sort();
  return [...LONGEST, ...rest].map((file) => path.resolve(file));
}
