import { readFile, writeFile } from 'node:fs/promises';
import { ToolApi, ToolApiError, type CatalogTool, type FileInput } from '../../client/src/index.ts';
import { OPERATIONS } from '../../client/src/generated/operations.ts';

/**
 * `toolapi call` and `toolapi tools`: a running service through @toolapi/client. Output is JSON on
 * stdout; an error prints the error envelope (docs/contract.md "Envelopes") on stderr and exits
 * non-zero (2 for a 4xx refusal or a bad command line, 1 for anything else).
 */
export const CLIENT_USAGE = `toolapi call <operationId> [--<field> <value>…] [--json '{…}'] [--file <path>]… [--out <path>]
toolapi tools [search words] [--schema]

  --key <key>      API key (default: $TOOLAPI_API_KEY)
  --url <url>      service address (default: $TOOLAPI_URL or http://127.0.0.1:8080)
  --json '{…}'     input fields as a JSON object; --<field> flags are applied over it
  --<field> <v>    one input field; numbers, booleans and JSON arrays/objects follow the tool's schema
  --file <path>    upload for a file tool (repeat for tools that take several files)
  --out <path>     save the output there: the converted file of a file tool, else the result
  --timeout <ms>   deadline of each attempt (default 120000)
  --retry          also retry POST tools on 429 rate limits and 503 (GET tools always are)

Examples:
  toolapi call textUtilities.reverseText --text "hello"
  toolapi call calculators.gstCalculator --json '{"amount": 100, "rate": 18, "mode": "exclusive"}'
  toolapi call documents.mdToHtml --file notes.md --out notes.html
  toolapi tools password`;

export interface ClientCommandIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  env: Record<string, string | undefined>;
  /** For tests: the fetch the client uses. */
  fetch?: (input: string, init?: RequestInit) => Promise<Response>;
}

class UsageError extends ToolApiError {
  constructor(detail: string) {
    super({ status: 400, error: 'invalid_request', message: 'Invalid command', detail });
  }
}

interface Parsed {
  positionals: string[];
  flags: Map<string, Array<string | true>>;
}

const VALUE_FLAGS = new Set(['key', 'url', 'json', 'file', 'out', 'timeout']);
const BOOLEAN_FLAGS = new Set(['retry', 'schema', 'help']);

/** `--name value`, `--name=value`, a bare `--name` (true); `--` ends the flags. Field flags are kept in order. */
function parse(argv: string[]): Parsed {
  const positionals: string[] = [];
  const flags = new Map<string, Array<string | true>>();
  const add = (name: string, value: string | true): void => void flags.set(name, [...(flags.get(name) ?? []), value]);
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (arg === '-h') {
      add('help', true);
      continue;
    }
    if (!arg.startsWith('--') || arg.length === 2) {
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq > 0 ? arg.slice(2, eq) : arg.slice(2);
    if (eq > 0) {
      add(name, arg.slice(eq + 1));
      continue;
    }
    const next = argv[i + 1];
    if (BOOLEAN_FLAGS.has(name) || next === undefined || (next.startsWith('--') && !VALUE_FLAGS.has(name))) {
      if (VALUE_FLAGS.has(name)) throw new UsageError(`--${name}: needs a value`);
      add(name, true);
      continue;
    }
    add(name, next);
    i++;
  }
  return { positionals, flags };
}

function one(parsed: Parsed, name: string): string | undefined {
  const values = parsed.flags.get(name);
  if (!values) return undefined;
  const last = values.at(-1);
  return last === true ? undefined : last;
}

type Schema = Record<string, unknown>;

function typesOf(schema: Schema | undefined): string[] {
  if (!schema) return [];
  if (Array.isArray(schema.type)) return schema.type as string[];
  if (typeof schema.type === 'string') return [schema.type];
  const alternatives = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (Array.isArray(alternatives)) return alternatives.flatMap(typesOf);
  if (Array.isArray(schema.enum)) return [...new Set(schema.enum.map((v) => (v === null ? 'null' : typeof v)))];
  return [];
}

/** A command-line value as the field's schema wants it; anything unreadable goes as given, for the server to name. */
function coerce(raw: string | true, schema: Schema | undefined, field: string): unknown {
  const types = typesOf(schema);
  if (raw === true) {
    if (types.includes('boolean') || types.length === 0) return true;
    throw new UsageError(`--${field}: needs a value`);
  }
  if (types.includes('string') && !types.includes('array') && !types.includes('object')) return raw;
  if ((types.includes('array') || types.includes('object')) && /^\s*[[{]/.test(raw)) {
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      throw new UsageError(`--${field}: not valid JSON`);
    }
  }
  if (types.includes('array')) {
    const items = schema?.items as Schema | undefined;
    return [coerce(raw, items, field)];
  }
  if ((types.includes('number') || types.includes('integer')) && raw.trim() !== '' && Number.isFinite(Number(raw))) return Number(raw);
  if (types.includes('boolean') && (raw === 'true' || raw === 'false')) return raw === 'true';
  if (types.includes('null') && raw === 'null') return null;
  if (types.length === 0) {
    // No schema for the field: numbers, booleans and JSON read as such, anything else is text.
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      return raw;
    }
  }
  return raw;
}

async function call(api: ToolApi, parsed: Parsed, io: ClientCommandIo): Promise<void> {
  const operationId = parsed.positionals[1];
  if (!operationId) throw new UsageError(`<operationId> is required, e.g. textUtilities.reverseText (list them with \`toolapi tools\`)\n\n${CLIENT_USAGE}`);
  if (parsed.positionals.length > 2) throw new UsageError(`unexpected argument "${parsed.positionals[2]}"; fields go as --<field> <value>`);

  let input: Record<string, unknown> = {};
  const json = one(parsed, 'json');
  if (json !== undefined) {
    let value: unknown;
    try {
      value = JSON.parse(json) as unknown;
    } catch {
      throw new UsageError('--json: not valid JSON');
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new UsageError('--json: must be a JSON object of input fields');
    input = value as Record<string, unknown>;
  }

  const fieldFlags = [...parsed.flags.entries()].filter(([name]) => !VALUE_FLAGS.has(name) && !BOOLEAN_FLAGS.has(name));
  if (fieldFlags.length > 0) {
    // The tool's input schema (public catalog) says how to read each value.
    const tool: CatalogTool | undefined = (await api.tools()).find((t) => t.operationId === operationId);
    const properties = (tool?.inputSchema.properties ?? {}) as Record<string, Schema>;
    for (const [name, values] of fieldFlags) {
      const schema = properties[name];
      const coerced = values.map((v) => coerce(v, schema, name));
      const isArray = typesOf(schema).includes('array');
      input[name] = isArray ? coerced.flatMap((v) => (Array.isArray(v) ? v : [v])) : coerced.length === 1 ? coerced[0] : coerced;
    }
  }

  const files = (parsed.flags.get('file') ?? []).filter((f): f is string => typeof f === 'string');
  if (files.length > 0) {
    const known = (OPERATIONS as Record<string, { upload?: { field: string; maxFiles?: number } }>)[operationId];
    const field = Object.hasOwn(OPERATIONS, operationId) ? known?.upload?.field : 'file';
    if (!field) throw new UsageError(`--file: ${operationId} takes no upload`);
    // Read here so a missing file is a clear message; the client sends the bytes as multipart.
    const uploads: FileInput[] = [];
    for (const file of files) {
      try {
        uploads.push({ data: await readFile(file), fileName: file.split(/[\\/]/).at(-1) });
      } catch (error) {
        throw new UsageError(`--file: cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
      }
    }
    input[field] = uploads.length === 1 ? uploads[0] : uploads;
  }

  const out = one(parsed, 'out');
  const response = await api.callDynamicWithResponse(operationId, input);
  for (const warning of response.warnings) io.stderr.write(`warning: ${warning}\n`);
  const result = response.result as unknown;
  const downloadable = result as { download?: (path: string) => Promise<{ path: string; sizeBytes: number }> } | null;
  if (out !== undefined && typeof downloadable === 'object' && downloadable !== null && typeof downloadable.download === 'function') {
    const saved = await downloadable.download(out);
    io.stdout.write(`${JSON.stringify({ ...(result as object), savedTo: saved.path }, null, 2)}\n`);
    return;
  }
  const text = typeof result === 'string' ? result : `${JSON.stringify(result, null, 2)}\n`;
  if (out !== undefined) {
    await writeFile(out, text);
    io.stdout.write(`${JSON.stringify({ savedTo: out, sizeBytes: Buffer.byteLength(text) }, null, 2)}\n`);
    return;
  }
  io.stdout.write(typeof result === 'string' && !result.endsWith('\n') ? `${result}\n` : text);
}

async function tools(api: ToolApi, parsed: Parsed, io: ClientCommandIo): Promise<void> {
  const found = await api.tools(parsed.positionals.slice(1).join(' '));
  const withSchema = parsed.flags.has('schema');
  const rows = found.map((t) => ({
    operationId: t.operationId,
    name: t.name,
    method: t.method,
    path: t.path,
    cost: t.cost,
    description: t.description,
    ...(withSchema ? { inputSchema: t.inputSchema } : {}),
  }));
  io.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
}

/** Runs `toolapi call …` or `toolapi tools …` (argv starts with the command) and returns the exit code. */
export async function runClientCommand(
  argv: string[],
  io: ClientCommandIo = { stdout: process.stdout, stderr: process.stderr, env: process.env },
): Promise<number> {
  try {
    const parsed = parse(argv);
    if (parsed.flags.has('help')) {
      io.stdout.write(`${CLIENT_USAGE}\n`);
      return 0;
    }
    const timeout = one(parsed, 'timeout');
    const timeoutMs = timeout === undefined ? 120_000 : Number(timeout);
    if (!Number.isFinite(timeoutMs) || timeoutMs < 0) throw new UsageError('--timeout: milliseconds, e.g. 30000');
    const apiKey = one(parsed, 'key') ?? io.env.TOOLAPI_API_KEY ?? '';
    const baseUrl = one(parsed, 'url') ?? io.env.TOOLAPI_URL ?? 'http://127.0.0.1:8080';
    try {
      new URL(baseUrl);
    } catch {
      throw new UsageError(`--url: not a URL: ${baseUrl}`);
    }
    const api = new ToolApi({ apiKey, baseUrl, timeoutMs, retry: parsed.flags.has('retry') ? { unsafe: true } : {}, ...(io.fetch ? { fetch: io.fetch } : {}) });
    if (argv[0] === 'tools') {
      await tools(api, parsed, io);
      return 0;
    }
    if (!apiKey)
      throw new ToolApiError({
        status: 401,
        error: 'unauthorized',
        message: 'Unauthorized',
        detail: 'X-Api-Key: pass --key or set TOOLAPI_API_KEY (the first start of the service writes one to $TOOLAPI_DATA_DIR/first-api-key.txt).',
      });
    await call(api, parsed, io);
    return 0;
  } catch (error) {
    const envelope =
      error instanceof ToolApiError
        ? error.toJSON()
        : { status: false, code: 500, message: 'Client error', error: 'client_error', detail: error instanceof Error ? error.message : String(error) };
    io.stderr.write(`${JSON.stringify(envelope)}\n`);
    return error instanceof ToolApiError && error.status >= 400 && error.status < 500 ? 2 : 1;
  }
}
