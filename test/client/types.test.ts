import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';

/**
 * A wrong input field or type is a compile error: tsc over test/client/type-errors.ts, whose
 * `@ts-expect-error` lines must each be an error (an unused directive is itself an error), and over a
 * copy without the directives, which must fail on exactly those lines.
 */
const ROOT = path.join(import.meta.dirname, '../..');
const FIXTURE = path.join(import.meta.dirname, 'type-errors.ts');
const TSC = path.join(ROOT, 'node_modules/typescript/bin/tsc');

function tsc(file: string, dir: string): { status: number | null; output: string } {
  const config = path.join(dir, 'tsconfig.json');
  writeFileSync(path.join(dir, 'package.json'), '{"type": "module"}');
  writeFileSync(
    config,
    JSON.stringify({
      extends: path.join(ROOT, 'tsconfig.json'),
      compilerOptions: { noEmit: true, types: ['node'], typeRoots: [path.join(ROOT, 'node_modules/@types')] },
      files: [file],
      include: [],
    }),
  );
  const result = spawnSync(process.execPath, [TSC, '-p', config], { cwd: ROOT, encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

test('type-errors.ts compiles: every @ts-expect-error line is a type error', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'toolapi-types-'));
  try {
    const { status, output } = tsc(FIXTURE, dir);
    assert.equal(status, 0, output);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('without the directives, tsc fails on exactly the expected lines (and nowhere else)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'toolapi-types-'));
  try {
    const source = readFileSync(FIXTURE, 'utf8').replace("from '../../client/src/index.ts'", `from ${JSON.stringify(path.join(ROOT, 'client/src/index.ts'))}`);
    const lines = source.split('\n');
    const expected: number[] = [];
    const stripped = lines.map((line, i) => {
      if (!line.trim().startsWith('// @ts-expect-error')) return line;
      expected.push(i + 2); // the checked line follows the directive (1-based numbering)
      return '';
    });
    assert.ok(expected.length >= 10, 'the fixture lists its expected errors');
    const file = path.join(dir, 'stripped.ts');
    writeFileSync(file, stripped.join('\n'));
    const { status, output } = tsc(file, dir);
    assert.notEqual(status, 0);
    const errorLines = [...new Set([...output.matchAll(/stripped\.ts\((\d+),\d+\): error TS\d+/g)].map((m) => Number(m[1])))].sort((a, b) => a - b);
    assert.deepEqual(errorLines, expected, output);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
