import { performance } from 'node:perf_hooks';
import { jsonSchemaOf } from '../registry/json-schema.ts';
import type { Registry } from '../registry/registry.ts';
import type { CatalogItem } from './catalog.ts';
import type { Extracted } from './goal-values.ts';
import { isPresent } from './inputs.ts';
import { errorOf, type PlannedStep, type StepInvoker } from './jobs.ts';
import {
  auditOf,
  jsonSize,
  mergeFindings,
  meanScore,
  rankFixes,
  redactInput,
  summarize,
  type JobReport,
  type MergedFinding,
  type ResponseMode,
  type StepReport,
} from './report.ts';

/**
 * "convert this markdown to html then count the words": one goal, several operations in order. Each part
 * is routed on its own; a step's result feeds the next step's missing input — a stored file (its fileId) the
 * next file input, a text the next required text field, and a stored text file (HTML, Markdown, CSV…) its
 * text to the next required text field ("markdown to html, then count the words"). Every step is billed on its own through the
 * caller's invoker (a failed or cancelled step refunds its credit; the steps after it do not run), and the
 * whole chain is one job report.
 */
export interface ChainLink {
  goal: string;
  item: CatalogItem;
  input: Record<string, unknown>;
  extracted: Record<string, Extracted>;
  /** Requirement groups of this step that neither the goal nor the previous step provides. */
  missing: string[][];
  /** The field the previous step's result fills (file or text), if any. */
  fed: string | undefined;
  confidence: number;
}

/** The parts of a goal written as successive operations, or one part when it is not a sequence. */
export function partsOf(goal: string): string[] {
  const parts = goal
    .split(/\s*(?:[,;.]\s*|\s)(?:and\s+)?(?:then|after\s+that|afterwards|and\s+finally|finally)\b[,:]?\s*/i)
    .map((p) => p.replace(/^\s*first\b,?\s*/i, '').trim())
    .filter((p) => p.split(/\s+/).length >= 2);
  return parts.length >= 2 ? parts : [goal];
}

interface Schema {
  type?: string;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  items?: Schema;
}

/** Whether the tool's result carries a stored file (a fileId) the next step can take. */
function givesFile(item: CatalogItem): boolean {
  return Boolean(item.tool && (jsonSchemaOf(item.tool.output, 'output') as Schema).properties?.fileId);
}

/** Whether the tool's result is the JSON data itself (`xml-to-json`, `xlsx-to-json`), which a next `json` field takes whole. */
function givesJson(item: CatalogItem): boolean {
  return /-(?:to|2)-json$/.test(item.tool?.slug ?? '') && !givesFile(item) && !textPath(item);
}

/** Preferred names of the text a result carries, most specific first. */
const TEXT_OUTPUTS = [
  'text',
  'result',
  'output',
  'html',
  'markdown',
  'converted',
  'formatted',
  'minified',
  'encoded',
  'decoded',
  'digest',
  'hash',
  'slug',
  'value',
];

/** Free-text strings of an object schema (not ids, links, dates or enums), preferred names first. */
function textNames(schema: Schema | undefined): string[] {
  const names = Object.entries(schema?.properties ?? {})
    .filter(([name, p]) => p.type === 'string' && !p.enum && !/id$|url$|at$|^mime|type$|^encoding$|^format$|^file/i.test(name))
    .map(([name]) => name);
  return [...TEXT_OUTPUTS.filter((n) => names.includes(n)), ...names.filter((n) => !TEXT_OUTPUTS.includes(n))];
}

/**
 * Where the text of a tool's result is: a top-level string (`text`, `formatted`…), else a string of the
 * first item of a list (`digests[0].digest`). Undefined when the result carries no text.
 */
function textPath(item: CatalogItem): Array<string | number> | undefined {
  if (!item.tool) return undefined;
  const schema = jsonSchemaOf(item.tool.output, 'output') as Schema;
  const top = textNames(schema)[0];
  if (top) return [top];
  for (const [name, p] of Object.entries(schema.properties ?? {})) {
    const inner = p.type === 'array' ? textNames(p.items)[0] : undefined;
    if (inner) return [name, 0, inner];
  }
  return undefined;
}

/** The input field of `next` the previous step's result fills: its upload field for a file, else a required text field. */
export function feedField(previous: CatalogItem, next: CatalogItem, missing: string[][]): string | undefined {
  const upload = next.tool?.upload?.field;
  if (upload && givesFile(previous) && missing.some((g) => g.includes(upload))) return upload;
  if (givesJson(previous) && missing.some((g) => g.includes('json'))) return 'json';
  // A result's text, or a stored file whose text is read when the step runs (text media types only).
  if (!textPath(previous) && !givesFile(previous)) return undefined;
  const properties = next.tool ? ((jsonSchemaOf(next.tool.input, 'input') as Schema).properties ?? {}) : {};
  return missing.flat().find((field) => properties[field]?.type === 'string');
}

/** The value a result gives the next step's `field`: a file reference, a text of the result, or the text of its stored file. */
async function feedValue(previous: CatalogItem, result: unknown, field: string, next: CatalogItem, invoker: StepInvoker, label: string): Promise<unknown> {
  if (typeof result !== 'object' || result === null) return typeof result === 'string' ? result : undefined;
  const record = result as Record<string, unknown>;
  if (field === next.tool?.upload?.field) return typeof record.fileId === 'string' ? { fileId: record.fileId } : undefined;
  if (field === 'json' && givesJson(previous)) return JSON.stringify(record);
  const path = textPath(previous);
  if (!path && typeof record.fileId === 'string') return invoker.readText?.(record.fileId, label);
  if (typeof record[field] === 'string') return record[field];
  let value: unknown = record;
  for (const key of path ?? []) value = (value as Record<string | number, unknown> | undefined)?.[key];
  return typeof value === 'string' ? value : undefined;
}

export function plannedSteps(links: readonly ChainLink[]): PlannedStep[] {
  return links.map((link, i) => ({
    id: `${i + 1}.${link.item.id}`,
    operationId: link.item.id,
    title: link.item.title,
    cost: link.item.cost,
    willRun: link.missing.length === 0,
    ...(link.fed ? { reason: `${link.fed} from step ${i}` } : {}),
  }));
}

export interface ChainEnv {
  registry: Registry;
  now: () => Date;
}

/** Runs the links in order, each result feeding the next; stops at the first failure or cancellation. */
export async function runChain(
  links: readonly ChainLink[],
  goal: string,
  confidence: number,
  responseMode: ResponseMode,
  invoker: StepInvoker,
  env: ChainEnv,
): Promise<JobReport> {
  const started = performance.now();
  const steps: StepReport[] = [];
  const results: Record<string, unknown> = {};
  const sources: Array<{ source: string; findings: Array<Omit<MergedFinding, 'sources'>> }> = [];
  const scores: Record<string, number> = {};
  const warnings: string[] = [];
  let previous: { item: CatalogItem; result: unknown } | undefined;
  let stop: string | undefined;
  for (const [i, link] of links.entries()) {
    const id = `${i + 1}.${link.item.id}`;
    const tool = link.item.tool;
    const base = { id, operationId: link.item.id, title: link.item.title, durationMs: 0, credits: 0 };
    if (invoker.signal?.aborted) stop ??= 'cancelled by the client before this step';
    if (stop || !tool) {
      steps.push({ ...base, status: 'skipped', reason: stop ?? 'not a tool' });
      continue;
    }
    const input = { ...link.input };
    const t0 = performance.now();
    try {
      // Reading the previous step's file can refuse (not text, too large): this step then fails unbilled.
      if (link.fed && previous) {
        const value = await feedValue(previous.item, previous.result, link.fed, link.item, invoker, `${link.fed} (from step ${i})`);
        if (isPresent(value)) input[link.fed] = value;
      }
      const outcome = await invoker.invoke(tool, input, id);
      const audit = auditOf(outcome.result);
      const step: StepReport = { ...base, status: 'ok', durationMs: Math.round(performance.now() - t0), credits: tool.cost };
      if (audit.score !== undefined) (step.score = audit.score), (scores[id] = audit.score);
      if (audit.findings.length > 0) sources.push({ source: link.item.id, findings: audit.findings });
      if (outcome.warnings.length > 0) step.warnings = outcome.warnings;
      if (responseMode !== 'full') {
        if (jsonSize(outcome.result) <= 6000) step.result = outcome.result;
        else step.summary = summarize(outcome.result);
      }
      results[id] = outcome.result;
      steps.push(step);
      previous = { item: link.item, result: outcome.result };
    } catch (error) {
      steps.push({ ...base, status: 'error', durationMs: Math.round(performance.now() - t0), error: errorOf(error) });
      stop = invoker.signal?.aborted ? 'cancelled by the client' : `step ${i + 1} failed`;
    }
    invoker.progress?.(i + 1, links.length, `${id}: ${steps.at(-1)?.status}`);
  }
  const ok = steps.filter((s) => s.status === 'ok').length;
  const status = ok === 0 ? 'error' : ok < steps.length ? 'partial' : 'completed';
  const findings = mergeFindings(sources.map((s) => ({ source: s.source, findings: s.findings.map((f) => ({ ...f, sources: [s.source] })) })));
  const fixes = rankFixes(findings);
  const last = steps.at(-1);
  return {
    status,
    goal,
    target: { kind: 'tool', id: links[0]!.item.id, title: links.map((l) => l.item.title).join(' → ') },
    chain: links.map((l) => l.item.id),
    confidence,
    analysis: 'live',
    input: redactInput(links[0]!.input),
    score: meanScore(scores),
    scores,
    findings,
    fixes,
    steps,
    creditsUsed: steps.reduce((sum, s) => sum + s.credits, 0),
    warnings,
    nextActions:
      status === 'completed'
        ? [`The last step's result is steps[${steps.length - 1}].result${last?.summary ? ' (summarized: responseMode "full" returns it whole)' : ''}.`]
        : ['Read steps[].error: fix the input it names and run the chain again; steps after a failure did not run and were not billed.'],
    durationMs: Math.round(performance.now() - started),
    finishedAt: env.now().toISOString(),
    responseMode,
    ...(responseMode === 'full' ? { results } : {}),
  };
}
