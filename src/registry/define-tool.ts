import { z } from 'zod';
import type { ToolContext } from '../core/context.ts';
import type { FileKind } from '../files/kinds.ts';
import { camelCase, type ModuleName } from './modules.ts';

export interface ToolExample<I, O> {
  /** What the example shows; doubles as the test name. */
  title?: string;
  input: I;
  /** The exact `result` expected; omit for tools whose output is random (the schema still checks it). */
  output?: O;
  /**
   * Where `output` comes from, outside this code: a standard, a published test vector, an independent
   * library or program (e.g. "RFC 4231 test case 2", "sitemaps.org protocol, W3C Datetime"). Shown with the
   * example in the reference.
   */
  reference?: string;
  /** `output` was copied from a run of the tool because no outside reference exists: it guards, it does not prove. */
  snapshot?: true;
  /**
   * The example reaches a public site (documentation for URL tools): the offline examples test does
   * not run it; those tools are tested against servers the tests run on loopback.
   */
  needsNetwork?: boolean;
  /**
   * The file a file tool's example uploads. `content` (UTF-8 text) makes it runnable by the examples
   * test; binary inputs name the file only (their module tests make real fixtures).
   */
  upload?: { fileName: string; content?: string };
  /** A URL tool's example that runs offline: the site its URL stands for (see ExampleSite). */
  site?: ExampleSite;
  /**
   * Ids of findings the example's input must produce: a checker showing that it catches what its
   * description promises. The examples test asserts each is among the result's `findings`.
   */
  finds?: string[];
}

/** One response of an example site. */
export interface ExamplePage {
  status?: number;
  headers?: Record<string, string>;
  body?: string;
}

/**
 * The website a URL tool's example stands for, as canned responses by path. Its `origin` is a reserved
 * `.example` name (RFC 2606) that appears in the example's input and pages; the examples test serves the
 * pages on loopback (over TLS with a self-signed certificate when `tls`), rewriting the origin to that
 * server's, and answers `dns` records from a loopback DNS server, so the example runs with no network.
 */
export interface ExampleSite {
  origin: string;
  pages: Record<string, ExamplePage>;
  tls?: true;
  dns?: Record<string, ({ type: 'A' | 'TXT' | 'CNAME'; data: string } | { type: 'MX'; data: { preference: number; exchange: string } })[]>;
}

/**
 * How the HTTP adapter answers. `envelope` is the success envelope; the others are the special shapes
 * some tools document (docs/contract.md "Envelopes").
 */
export type ResponseShape = 'envelope' | 'status-result-warnings' | 'bare-json' | 'text' | 'file';

/** Engines a conversion may need; `supported-conversions` lists only those whose engines are here. */
export type EngineNeed =
  | 'office'
  | 'pandoc'
  | 'pdftotext'
  | 'pdftohtml'
  | 'pdftoppm'
  | 'calibre'
  | 'bsdtar'
  | '7z'
  | 'gzip'
  | 'bzip2'
  | 'rar'
  | 'images'
  | 'hevc';

export interface ConversionInfo {
  from: readonly FileKind[];
  to: string;
  engines: readonly EngineNeed[];
}

/** A file tool's upload: multipart field(s) and the formats accepted, recognised by their bytes. */
export interface UploadSpec {
  field: string;
  /** Other field names accepted for the same upload (e.g. csvFile for file). */
  aliases?: string[];
  accept: readonly FileKind[];
  /** How many files the field takes. Default 1. */
  maxFiles?: number;
  /** The tool also works without an upload (e.g. from URLs in its input). */
  optional?: boolean;
  /** A file of another format is a 415 unless the tool documents it as a 400 (ZIP extraction does). */
  wrongFormat?: 'unsupported_media_type' | 'validation_failed';
}

/** `status-message` is the `{status: <HTTP status>, message}` error body of ZIP extraction (docs/contract.md "Envelopes"). */
export type ErrorShape = 'envelope' | 'status-message';

export interface ToolSpec<I extends z.ZodType, O extends z.ZodType> {
  module: ModuleName;
  slug: string;
  title: string;
  description: string;
  keywords: string[];
  /**
   * The schemas, as functions that build them: each is built on first use and kept, so importing the registry
   * builds none (docs/writing-tools.md "Schemas"). The tool exposes them as `tool.input` and `tool.output`.
   */
  input: () => I;
  output: () => O;
  examples: ToolExample<z.input<I>, z.output<O>>[];
  run(input: z.output<I>, ctx: ToolContext): z.input<O> | Promise<z.input<O>>;
  /** Credits spent per successful call. Default 1. */
  cost?: number;
  /** `GET` tools read their input from the query string and also answer POST. Default `POST`. */
  method?: 'POST' | 'GET';
  /** HTTP status of success. Default 200. */
  successStatus?: 200 | 201;
  /** `file`: the result is a stored file (docs/contract.md "Envelopes"), `message: "Conversion successful"`, `?delivery=binary` honoured. */
  response?: ResponseShape;
  errorShape?: ErrorShape;
  upload?: UploadSpec;
  /** What a conversion tool turns into what, and the engines it needs (for `supported-conversions`). */
  conversion?: ConversionInfo;
  /**
   * CPU-bound work runs `run` in the worker-thread pool (engines/cpu), so it cannot stall the event loop; a
   * deadline terminates the thread. `large-input`: only inputs over CPU_INLINE_CHARS characters (or uploads over
   * CPU_INLINE_BYTES) go there, small ones run inline (faster); `always`: every call (work set by a parameter,
   * such as a hash cost, or a library whose loading or typical run is heavy even for small inputs, such as
   * quicktype). Such a tool uses no engines and stores no file: it may read its uploads, nothing more
   * (the registry refuses the other combinations).
   */
  cpu?: 'large-input' | 'always';
  /** Deadline for `run` in milliseconds. Default 10 s. */
  timeoutMs?: number;
  /** Route path when it is not `/api/v1/<module>/<slug>`. */
  path?: string;
}

export interface Tool<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> extends Omit<ToolSpec<I, O>, 'input' | 'output'> {
  /** The input schema, built on first read. */
  readonly input: I;
  /** The output schema, built on first read. */
  readonly output: O;
  readonly operationId: string;
  /** `module/slug`: how plans, a key's allowed tools and the usage counters name the tool. */
  readonly id: string;
  readonly path: string;
  readonly cost: number;
  readonly method: 'POST' | 'GET';
  readonly successStatus: 200 | 201;
  readonly response: ResponseShape;
  readonly errorShape: ErrorShape;
  readonly timeoutMs: number;
}

/** Any tool, whatever its schemas: what the registry and the adapters hold (`run` is a method, so bivariant). */
export type AnyTool = Tool<z.ZodType, z.ZodType>;

/** Where a tool keeps its schema factories and, once built, its schemas (a non-enumerable own property). */
const LAZY_SCHEMAS = Symbol('lazy schemas');

interface LazySchemas {
  input: () => z.ZodType;
  output: () => z.ZodType;
  inputSchema?: z.ZodType;
  outputSchema?: z.ZodType;
}

/**
 * The `input` and `output` getters, one pair shared by every tool. V8 keeps an object's properties fast only
 * while objects of one shape share their accessor functions: a getter written in each tool's literal (or a
 * closure per tool) makes every tool a dictionary object, and every call reads its tool's fields.
 */
const SCHEMA_GETTERS: PropertyDescriptorMap = {
  input: {
    get(this: { [LAZY_SCHEMAS]: LazySchemas }) {
      const lazy = this[LAZY_SCHEMAS];
      return (lazy.inputSchema ??= lazy.input());
    },
    enumerable: true,
    configurable: true,
  },
  output: {
    get(this: { [LAZY_SCHEMAS]: LazySchemas }) {
      const lazy = this[LAZY_SCHEMAS];
      return (lazy.outputSchema ??= lazy.output());
    },
    enumerable: true,
    configurable: true,
  },
};

export function defineTool<I extends z.ZodType, O extends z.ZodType>(spec: ToolSpec<I, O>): Tool<I, O> {
  const { input, output, ...declaration } = spec;
  const tool = {
    ...declaration,
    operationId: `${camelCase(spec.module)}.${camelCase(spec.slug)}`,
    id: `${spec.module}/${spec.slug}`,
    path: spec.path ?? `/api/v1/${spec.module}/${spec.slug}`,
    cost: spec.cost ?? 1,
    method: spec.method ?? 'POST',
    successStatus: spec.successStatus ?? 200,
    response: spec.response ?? 'envelope',
    errorShape: spec.errorShape ?? 'envelope',
    timeoutMs: spec.timeoutMs ?? 10_000,
  };
  // The schemas are built on first read (importing the registry stays cheap).
  Object.defineProperty(tool, LAZY_SCHEMAS, { value: { input, output } satisfies LazySchemas });
  return Object.defineProperties(tool, SCHEMA_GETTERS) as typeof tool & Pick<Tool<I, O>, 'input' | 'output'>;
}
