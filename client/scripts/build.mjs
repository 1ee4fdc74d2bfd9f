// Builds dist/esm (ES modules) and dist/cjs (CommonJS), each with its type declarations, using tsc.
// Comments are kept: the JSDoc serves editors, and bundlers read the webpackIgnore / @vite-ignore hints.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsc = path.join(path.dirname(createRequire(path.join(root, 'package.json')).resolve('typescript/package.json')), 'bin/tsc');
const run = (...args) => execFileSync(process.execPath, [tsc, ...args], { cwd: root, stdio: 'inherit' });

rmSync(path.join(root, 'dist'), { recursive: true, force: true });
run('-p', 'tsconfig.json', '--declaration', 'false');
run('-p', 'tsconfig.json', '--emitDeclarationOnly');
run('-p', 'tsconfig.cjs.json', '--declaration', 'false');

// The CommonJS folder is its own package scope; its declarations are the same files, read as CommonJS.
// Declarations name their imports as the output does (`./client.js`, not the source's `./client.ts`).
writeFileSync(path.join(root, 'dist/cjs/package.json'), `${JSON.stringify({ type: 'commonjs' }, null, 2)}\n`);
const jsSpecifiers = (text) => text.replace(/((?:from|import)\s*\(?\s*['"])(\.{1,2}\/[^'"]+)\.ts(['"])/g, '$1$2.js$3');
const copyDeclarations = (from, to) => {
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      mkdirSync(target, { recursive: true });
      copyDeclarations(source, target);
    } else if (entry.name.endsWith('.d.ts')) {
      const text = jsSpecifiers(readFileSync(source, 'utf8'));
      writeFileSync(source, text);
      writeFileSync(target, text);
    }
  }
};
copyDeclarations(path.join(root, 'dist/esm'), path.join(root, 'dist/cjs'));
