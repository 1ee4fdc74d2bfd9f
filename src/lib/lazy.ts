import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const LAZY_LIBRARIES = new Set<string>();
const LAZY_VALUES = new Set<() => void>();

/**
 * A library loaded on first use instead of at import, so importing the registry stays cheap (tests, the CLI,
 * CPU workers); the service loads them all before it starts listening (warmLibraries in src/main.ts). Node 24
 * `require`s ES modules synchronously, so the tools that use them keep synchronous code.
 */
export function lazy<T>(specifier: string): () => T {
  let loaded: T | undefined;
  LAZY_LIBRARIES.add(specifier);
  return () => (loaded ??= require(specifier) as T);
}

/**
 * A value that is expensive to build (hundreds of compiled patterns, an index) made on first use instead of at
 * import, for the same reason as lazy(). warmLibraries builds it too and then runs `warm` on it (exercise
 * what a first call would), so no caller's first call waits; a CPU worker, which serves few calls, skips that.
 */
export function lazyValue<T>(build: () => T, warm?: (value: T) => void): () => T {
  let state: { value: T } | undefined;
  const get = (): T => (state ??= { value: build() }).value;
  LAZY_VALUES.add(() => {
    const value = get();
    warm?.(value);
  });
  return get;
}

/** The specifiers declared lazy so far (by the modules imported until now); test/import-cost.test.ts checks none is loaded early. */
export function lazyLibraries(): string[] {
  return [...LAZY_LIBRARIES];
}

/** Loads every lazy library and builds every lazy value (one per event-loop turn), so a first call does not pay for it. */
export async function warmLibraries(): Promise<void> {
  for (const specifier of LAZY_LIBRARIES) {
    await new Promise((resolve) => setImmediate(resolve));
    require(specifier);
  }
  for (const get of LAZY_VALUES) {
    await new Promise((resolve) => setImmediate(resolve));
    get();
  }
}
