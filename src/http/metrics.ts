import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { ToolError } from '../core/errors.ts';
import type { Admission, Gate } from '../core/invoke.ts';
import type { Engines } from '../engines/index.ts';
import type { AnyTool } from '../registry/define-tool.ts';
import type { QueueWaits } from '../engines/queue-waits.ts';
import type { RunEvents } from '../mcp/runs.ts';
import { hasAdminToken } from './admin-token.ts';
import { sentErrorCode } from './reply.ts';

/**
 * The service's Prometheus metrics (docs/architecture.md, "Metrics"), in a Registry of its own so that several
 * services in one process (the tests) never share series. Labels are route patterns, tool modules and slugs,
 * statuses and error codes: never a raw URL, a query string or a key.
 */
export interface Metrics {
  readonly registry: Registry;
  /** The gate with its calls counted: each call's outcome by tool, and the cost of each billed call that commits. */
  meterGate(gate: Gate): Gate;
  /** Async runs accepted and finished (mcp/runs.ts). */
  readonly runEvents: RunEvents;
  /** Counts an answered request; called by the app's onResponse hook. */
  observe(request: FastifyRequest, reply: FastifyReply): void;
}

/**
 * A counter whose increments on the hot path go to plain numbers, found by the objects at hand (a route's config,
 * a tool), and reach prom-client when scraped (its collect hook): prom-client's labelled inc() builds, sorts and
 * checks a label string on every call, which was a tenth of what metrics cost a keyed call (counted with callgrind).
 */
class DeferredCounter {
  readonly #pending: Array<{ labels: Record<string, string | number>; count: number }> = [];
  readonly counter: Counter;

  constructor(config: { name: string; help: string; labelNames: string[]; registers: Registry[] }) {
    const pending = this.#pending;
    this.counter = new Counter({
      ...config,
      collect() {
        for (const series of pending) {
          if (series.count === 0) continue;
          this.inc(series.labels, series.count);
          series.count = 0;
        }
      },
    });
  }

  /** A series of this counter: keep it and add to its `count`. */
  series(labels: Record<string, string | number>): { count: number } {
    const series = { labels, count: 0 };
    this.#pending.push(series);
    return series;
  }
}

/** Seconds: from a cached catalog answer to a long document conversion. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

export function createMetrics(engines: Engines): Metrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });
  const requests = new DeferredCounter({
    name: 'toolapi_http_requests_total',
    help: 'Requests answered, by method, route pattern ("unmatched" when no route matched) and status.',
    labelNames: ['method', 'route', 'status'],
    registers,
  });
  /** By the route's config (one object per route and method; the not-found handler's serves every method), method and status. */
  const requestSeries = new Map<object, Map<string, Map<number, { count: number }>>>();
  const errors = new Counter({
    name: 'toolapi_http_errors_total',
    help: '4xx and 5xx answers by status and the error field of the envelope ("none" when the answer had no envelope).',
    labelNames: ['status', 'error'],
    registers,
  });
  const latency = new Histogram({
    name: 'toolapi_http_request_duration_seconds',
    help: 'Time to answer a request, by the module of the tool it called ("other" for routes that are not tools).',
    labelNames: ['module'],
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const toolCalls = new DeferredCounter({
    name: 'toolapi_tool_calls_total',
    help: 'Tool calls through the pipeline (REST, MCP, async jobs), by outcome: ok, error (refunded), refused (by the gate).',
    labelNames: ['module', 'tool', 'outcome'],
    registers,
  });
  const credits = new DeferredCounter({
    name: 'toolapi_credits_spent_total',
    help: 'Credits committed by successful billed tool calls, by tool.',
    labelNames: ['module', 'tool'],
    registers,
  });
  const toolSeries = new Map<AnyTool, Record<'ok' | 'error' | 'refused' | 'credits', { count: number }>>();
  const seriesOfTool = (tool: AnyTool): Record<'ok' | 'error' | 'refused' | 'credits', { count: number }> => {
    let series = toolSeries.get(tool);
    if (!series) {
      const labels = { module: tool.module, tool: tool.slug };
      series = {
        ok: toolCalls.series({ ...labels, outcome: 'ok' }),
        error: toolCalls.series({ ...labels, outcome: 'error' }),
        refused: toolCalls.series({ ...labels, outcome: 'refused' }),
        credits: credits.series(labels),
      };
      toolSeries.set(tool, series);
    }
    return series;
  };
  const seriesOfRequest = (config: { url?: string }, method: string, status: number): { count: number } => {
    let byMethod = requestSeries.get(config);
    if (!byMethod) requestSeries.set(config, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map()));
    let series = byStatus.get(status);
    if (!series) byStatus.set(status, (series = requests.series({ method, route: config.url ?? 'unmatched', status })));
    return series;
  };
  const runsAccepted = new Counter({
    name: 'toolapi_runs_accepted_total',
    help: 'Async runs accepted, by kind (tool_call for a REST job, else the MCP tool that started it).',
    labelNames: ['kind'],
    registers,
  });
  const runsFinished = new Counter({
    name: 'toolapi_runs_finished_total',
    help: 'Async runs this instance finished (or ended as interrupted), by status.',
    labelNames: ['status'],
    registers,
  });
  registerEngineGauges(registry, engines);

  return {
    registry,
    runEvents: {
      accepted: (kind) => runsAccepted.inc({ kind }),
      finished: (status, count) => runsFinished.inc({ status }, count),
    },
    meterGate: (gate) => async (tool, caller) => {
      const series = seriesOfTool(tool);
      let admission: Admission;
      try {
        admission = await gate(tool, caller);
      } catch (error) {
        series.refused.count++;
        throw error;
      }
      const succeeded = (): void => {
        series.ok.count++;
        series.credits.count += tool.cost;
      };
      const { commit, refund } = admission;
      // Counted once the credits are committed; a commit that completes at once is counted at once.
      admission.commit = () => {
        const committed = commit();
        return committed ? Promise.resolve(committed).then(succeeded) : succeeded();
      };
      admission.refund = () => {
        series.error.count++;
        return refund();
      };
      return admission;
    },
    observe(request, reply) {
      const status = reply.statusCode;
      // routeOptions is built anew on each read: read once.
      const { config } = request.routeOptions;
      seriesOfRequest(config, request.method, status).count++;
      latency.observe({ module: config.tool?.module ?? 'other' }, reply.elapsedTime / 1000);
      if (status >= 400) errors.inc({ status, error: sentErrorCode(request) ?? 'none' });
    },
  };
}

interface PoolState {
  size: number;
  busy: number;
  queued: number;
}

/** The engines' pools as they are now, read at scrape time only: nothing is counted on the hot path. */
function poolStates(engines: Engines): Array<[engine: string, state: PoolState]> {
  const states: Array<[string, PoolState]> = [];
  if (engines.office) {
    const { workers, busy, queued } = engines.office.stats();
    states.push(['libreoffice', { size: workers, busy, queued }]);
  }
  if (engines.browser) {
    const { pages, active, queued } = engines.browser.stats();
    states.push(['chromium', { size: pages, busy: active, queued }]);
  }
  if (engines.cpu) {
    const { maxThreads, running, queued } = engines.cpu.stats();
    states.push(['cpu', { size: maxThreads, busy: running, queued }]);
  }
  return states;
}

/** Seconds a job waited for an engine's worker: none when one is free, up to the conversion deadline. */
const WAIT_BUCKETS = [0.001, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/** Each engine pool's record of its jobs' waits (engines/queue-waits.ts), for the histogram filled at scrape time. */
function queueWaits(engines: Engines): Array<[engine: string, waits: QueueWaits]> {
  const all: Array<[string, QueueWaits]> = [];
  if (engines.office) all.push(['libreoffice', engines.office.waits]);
  if (engines.browser) all.push(['chromium', engines.browser.waits]);
  if (engines.cpu) all.push(['cpu', engines.cpu.waits]);
  return all;
}

function registerEngineGauges(registry: Registry, engines: Engines): void {
  const gauge = (name: string, help: string, field: keyof PoolState): void => {
    new Gauge({
      name,
      help,
      labelNames: ['engine'],
      registers: [registry],
      collect() {
        for (const [engine, state] of poolStates(engines)) this.set({ engine }, state[field]);
      },
    });
  };
  gauge('toolapi_engine_pool_size', 'Workers of each engine pool: warm LibreOffice instances, Chromium pages at once, CPU threads at most.', 'size');
  gauge('toolapi_engine_busy', 'Workers of each engine pool at work now.', 'busy');
  gauge('toolapi_engine_queue_depth', 'Jobs waiting for a worker of each engine pool.', 'queued');
  new Histogram({
    name: 'toolapi_engine_queue_wait_seconds',
    help: 'Time each job of an engine pool waited for a worker before it started.',
    labelNames: ['engine'],
    buckets: WAIT_BUCKETS,
    registers: [registry],
    collect() {
      for (const [engine, waits] of queueWaits(engines)) for (const seconds of waits.drain()) this.observe({ engine }, seconds);
    },
  });
}

/**
 * `GET /metrics` in the Prometheus text format, for the admin token only: 403 saying how to turn it on when no
 * TOOLAPI_ADMIN_TOKEN is set, 401 with `WWW-Authenticate: Bearer` (RFC 6750 §3) for a missing or wrong token.
 */
export function registerMetricsRoute(app: FastifyInstance, metrics: Metrics, adminToken: string | undefined): void {
  app.get('/metrics', async (request, reply) => {
    if (!adminToken) {
      throw new ToolError(
        'forbidden',
        'GET /metrics is off: start the service with TOOLAPI_ADMIN_TOKEN set (a secret of your choice), then scrape with Authorization: Bearer <token>.',
      );
    }
    if (!hasAdminToken(request, adminToken)) {
      throw new ToolError('unauthorized', 'Authorization: send Bearer <TOOLAPI_ADMIN_TOKEN>.', { headers: { 'www-authenticate': 'Bearer' } });
    }
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
