/**
 * Prettier (standalone build + parser plugins), loaded on first use. Syntax errors become a 400
 * naming the field with Prettier's line and column. No default export.
 */
import type { Options, Plugin } from 'prettier';
import { z } from 'zod';
import { ToolError } from '../../../core/errors.ts';
import { indentField, isStackOverflow, messageOf, syntaxError, tooDeep, type Indent } from './source.ts';

type PluginSet = 'html' | 'css' | 'js' | 'ts';

/** Prettier runs synchronously on the request thread: 200,000 characters format in about a second. */
export const FORMATTER_MAX_CHARS = 200_000;

const cache = new Map<PluginSet, Promise<Plugin[]>>();

async function load(set: PluginSet): Promise<Plugin[]> {
  const estree = import('prettier/plugins/estree');
  const babel = import('prettier/plugins/babel');
  const postcss = import('prettier/plugins/postcss');
  const parts: Promise<unknown>[] =
    set === 'css'
      ? [postcss]
      : set === 'js'
        ? [babel, estree]
        : set === 'ts'
          ? [import('prettier/plugins/typescript'), babel, estree]
          : // HTML embeds <script> and <style>, so it needs the JS and CSS parsers too.
            [import('prettier/plugins/html'), babel, estree, postcss];
  return (await Promise.all(parts)) as Plugin[];
}

function plugins(set: PluginSet): Promise<Plugin[]> {
  let loaded = cache.get(set);
  if (!loaded) {
    loaded = load(set);
    cache.set(set, loaded);
  }
  return loaded;
}

export const printWidthField = z
  .number()
  .int('a whole number')
  .min(20, 'at least 20')
  .max(320, 'at most 320')
  .optional()
  .describe('Line length the printer tries to stay within (20–320). Default 80.');

export { indentField };

export function indentOptions(indent: Indent | undefined): Pick<Options, 'useTabs' | 'tabWidth'> {
  if (indent === 'tab') return { useTabs: true, tabWidth: 2 };
  return { useTabs: false, tabWidth: indent ?? 2 };
}

interface PrettierError {
  message?: string;
  loc?: { start?: { line?: number; column?: number } };
}

/** Formats `source` with Prettier; a parse error is a 400 naming `field` with line and column. */
export async function prettierFormat(field: string, source: string, set: PluginSet, options: Options): Promise<string> {
  const [{ format }, loaded] = await Promise.all([import('prettier/standalone'), plugins(set)]);
  try {
    return await format(source, { ...options, plugins: loaded });
  } catch (error) {
    if (isStackOverflow(error)) throw tooDeep(field);
    const e = error as PrettierError;
    if (e.loc?.start?.line !== undefined) {
      throw syntaxError(field, (e.message ?? 'syntax error').replace(/^CssSyntaxError:\s*/, ''), { line: e.loc.start.line, column: e.loc.start.column });
    }
    if (error instanceof SyntaxError || /syntax|unexpected|unterminated|expected/i.test(messageOf(error))) {
      throw syntaxError(field, messageOf(error));
    }
    throw new ToolError('unprocessable', `${field}: could not be formatted (${messageOf(error).split('\n')[0]})`);
  }
}

export const formatterOutput = z.object({
  formatted: z.string(),
  lines: z.number(),
  changed: z.boolean().describe('Whether formatting changed the input'),
});

export function formatterResult(source: string, formatted: string): z.infer<typeof formatterOutput> {
  return { formatted, lines: formatted.trimEnd().split('\n').length, changed: formatted !== source };
}
