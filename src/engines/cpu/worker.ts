import { ToolError } from '../../core/errors.ts';
import { CallFiles } from '../../core/call-files.ts';
import { checkedOutput, parseInput } from '../../core/invoke.ts';
import { CallContext } from '../../core/context.ts';
import type { AnyTool } from '../../registry/define-tool.ts';
import type { CpuJob, CpuReply, CpuTaskJob } from './index.ts';
import { waitClock } from '../queue-waits.ts';

/**
 * The CPU pool's worker: runs a `cpu: true` tool's `run` off the server's event loop. It loads only the tool's
 * module index (src/tools/<module>/index.ts), once per thread. Such tools are pure: no engines, files or
 * network here, and its uploads are read by path; the clock is the caller's, and a deadline terminates the whole
 * thread (engines/cpu/index.ts).
 */
const modules = new Map<string, Promise<readonly AnyTool[]>>();

function toolsOf(module: string): Promise<readonly AnyTool[]> {
  let tools = modules.get(module);
  if (!tools) {
    const url = new URL(`../../tools/${module}/index.ts`, import.meta.url);
    tools = import(url.href).then((exports: Record<string, unknown>) => Object.values(exports).find(Array.isArray) as AnyTool[]);
    modules.set(module, tools);
  }
  return tools;
}

const silent = { error() {}, warn() {}, info() {}, debug() {} };

export default async function runJob(job: CpuJob | CpuTaskJob): Promise<CpuReply> {
  const startedAt = waitClock();
  try {
    if (job.kind === 'task') {
      const exports = (await import(job.moduleUrl)) as Record<string, (...args: unknown[]) => unknown>;
      const task = exports[job.name];
      if (typeof task !== 'function') throw new ToolError('internal_error', `No CPU task ${job.name}.`);
      return { startedAt, ok: true, output: await task(...job.args), warnings: [] };
    }
    const tool = (await toolsOf(job.module)).find((t) => t.slug === job.slug);
    if (!tool?.cpu) throw new ToolError('internal_error', `No CPU-pool tool ${job.module}/${job.slug}.`);
    const warnings: string[] = [];
    const ctx = new CallContext({
      requestId: job.requestId,
      log: silent,
      engines: {},
      // Uploads are read by path; no scratch folder and no storage here (no `scratchRoot`, no `files`).
      files: new CallFiles(job.uploads, {}, null),
      plan: job.plan,
      now: () => new Date(job.now),
      warn: (message) => void warnings.push(message),
    });
    // The output is checked here, not on the server's thread, which only copies the result in (core/invoke.ts takes it
    // as checked): for a 20,000-row CSV the check is 25–70 ms of work the event loop would otherwise do.
    const output = checkedOutput(tool, await tool.run(parseInput(tool, job.input), ctx), silent);
    return { startedAt, ok: true, output, warnings };
  } catch (error) {
    // Errors cross the thread boundary as plain data; a ToolError keeps its code, status, detail and cause.
    if (error instanceof ToolError) {
      const cause = error.cause instanceof Error ? error.cause.message : undefined;
      return {
        startedAt,
        ok: false,
        error: { code: error.code, detail: error.detail, status: error.status, message: error.message, ...(cause ? { cause } : {}) },
      };
    }
    const cause = error instanceof Error ? (error.stack ?? error.message) : String(error);
    return {
      startedAt,
      ok: false,
      error: { code: 'internal_error', detail: 'The tool failed; quote the X-Request-Id when reporting it.', status: 500, message: 'Internal error', cause },
    };
  }
}
