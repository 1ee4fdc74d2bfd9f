import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The test files that take longest on a 2-core machine (engines, browsers, child servers, whole-catalog sweeps), longest
 * first, as measured by a whole run. The runner starts files in the order it is given: started last, three of these
 * together made a tail that the small files could not fill (on 2 cores, the Chromium files alone ran for the last
 * minute). Started first, the small files fill the gaps they leave. Each runs in a process of its own.
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
  'test/mcp/runs.test.ts',
  'test/archive/archive.test.ts',
];

/** Small files that still need a process of their own: this one reads the object shapes V8 gave its own process. */
const ALONE = ['test/object-shapes.test.ts'];

/**
 * How many processes the small files share. A test process costs about 0.8 s of CPU before its first test (Node,
 * type stripping, the app's imports); the 80-odd small files took 150 s of CPU in processes of their own and about
 * 40 s less in shared ones (a whole run: 10 % less CPU, 6 % less time, two pairs run in turn). Each group runs its
 * files one after the other, so there are enough groups to keep one from becoming the run's tail.
 */
const SMALL_FILE_GROUPS = 6;

/**
 * What the runner starts, in order: the longest files, each in its own process, and among them the small files in a
 * few shared processes (as Node's own `--test-isolation=none` would run them, once per group). A group is a file made in a temporary directory
 * that imports its members in name order; a failure still names the member's file and line. `remove` deletes them.
 */
export function testProcesses(files: string[]): { files: string[]; remove: () => void } {
  const missing = [...LONGEST, ...ALONE].filter((file) => !files.includes(file));
  if (missing.length > 0) throw new Error(`scripts/test-order.ts lists test files that do not exist: ${missing.join(', ')}`);
  const small = files.filter((file) => !LONGEST.includes(file) && !ALONE.includes(file)).sort();
  const dir = mkdtempSync(path.join(tmpdir(), 'toolapi-test-groups-'));
  const groups = Array.from({ length: SMALL_FILE_GROUPS }, (_, n) => {
    // Dealt in turn, so each folder's files (the client's seven, the MCP's nine) spread over the groups.
    const members = small.filter((_, i) => i % SMALL_FILE_GROUPS === n);
    const file = path.join(dir, `small-files-${n + 1}.test.mjs`);
    const imports = members.map((member) => `await import(${JSON.stringify(pathToFileURL(path.resolve(member)).href)});`);
    writeFileSync(file, `// ${members.join(', ')}\n${imports.join('\n')}\n`);
    return file;
  });
  return {
    // Each group follows one of the longest files: started among them, a group's waits (timers, child servers) are filled
    // by their work; started after them, the groups ran on alone for the last 40 s.
    files: [...LONGEST.flatMap((file, i) => [path.resolve(file), ...groups.slice(i, i + 1)]), ...ALONE.map((file) => path.resolve(file))],
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
