import { ToolError } from '../../core/errors.ts';
import { commandExists, ProcessFailed, runProcess } from '../process/runner.ts';

/** Converters run as short-lived processes: pandoc, and poppler's PDF tools (Debian packages). */
export const COMMANDS = ['pandoc', 'pdftotext', 'pdftohtml', 'pdftoppm'] as const;
export type CommandName = (typeof COMMANDS)[number];

export interface CommandRun {
  cwd: string;
  signal?: AbortSignal;
  /** Killed after this long (default 60 s). */
  timeoutMs?: number;
}

export interface CommandEngine {
  available(command: CommandName): boolean;
  /** Runs the command with `args` (no shell); stdout is returned, a failure is a 422 with its first stderr line. */
  run(command: CommandName, args: string[], options: CommandRun): Promise<string>;
}

const MAX_OUTPUT = 16 * 1024 * 1024;

export function createCommandEngine(): CommandEngine {
  return {
    available: commandExists,
    async run(command, args, { cwd, signal, timeoutMs = 60_000 }) {
      if (!commandExists(command)) {
        throw new ToolError('engine_unavailable', `${command} is not installed on this server (Debian package ${command === 'pandoc' ? 'pandoc' : 'poppler-utils'}).`);
      }
      try {
        return await runProcess(command, args, { cwd, signal, timeoutMs, maxStdout: MAX_OUTPUT, env: { HOME: cwd, LANG: 'C.UTF-8' } });
      } catch (error) {
        if (error instanceof ProcessFailed) throw new ToolError('unprocessable', `file: ${command} could not convert the document (${error.firstLine()}).`);
        throw error;
      }
    },
  };
}
