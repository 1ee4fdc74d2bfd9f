/**
 * The few Node built-ins the client uses for file paths (reading an upload, saving a download). They are
 * looked up at call time, never imported statically, so the package loads unchanged in browsers and edge
 * runtimes (which pass bytes, Blobs or streams instead of paths). The shapes below are the parts used.
 */

export interface NodeFileHandle {
  write(data: Uint8Array): Promise<unknown>;
  close(): Promise<void>;
}

export interface NodeFsPromises {
  readFile(path: string): Promise<Uint8Array>;
  open(path: string, flags: string): Promise<NodeFileHandle>;
  stat(path: string): Promise<{ isDirectory(): boolean; size: number }>;
  rm(path: string, options: { force: boolean }): Promise<void>;
  mkdir(path: string, options: { recursive: true }): Promise<unknown>;
}

export interface NodeFs {
  /** Node 19.8+: a Blob backed by the file, read lazily while the request streams. */
  openAsBlob?: (path: string, options?: { type?: string }) => Promise<Blob>;
}

export interface NodePath {
  basename(path: string): string;
  dirname(path: string): string;
  join(...parts: string[]): string;
}

interface NodeProcessLike {
  versions?: { node?: string };
  getBuiltinModule?: (id: string) => unknown;
}

function nodeProcess(): NodeProcessLike | undefined {
  const candidate = (globalThis as { process?: NodeProcessLike }).process;
  return candidate?.versions?.node ? candidate : undefined;
}

/** True on Node (and runtimes that emulate its built-ins, such as Bun and Deno). */
export function isNode(): boolean {
  return nodeProcess() !== undefined;
}

async function builtin<T>(id: string): Promise<T> {
  const proc = nodeProcess();
  if (!proc) throw new TypeError(`A file path needs Node.js (${id}); in this runtime pass the file as a Blob, Uint8Array or ReadableStream.`);
  // process.getBuiltinModule (Node 20.16+/22.3+) needs no import at all; older Node imports by a
  // computed specifier, which bundlers for browsers leave alone.
  if (proc.getBuiltinModule) return proc.getBuiltinModule(id) as T;
  const specifier = `node:${id}`;
  return (await import(/* webpackIgnore: true */ /* @vite-ignore */ specifier)) as T;
}

export const nodeFsPromises = (): Promise<NodeFsPromises> => builtin<NodeFsPromises>('fs/promises');
export const nodeFs = (): Promise<NodeFs> => builtin<NodeFs>('fs');
export const nodePath = (): Promise<NodePath> => builtin<NodePath>('path');
