import { existsSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { ToolError } from '../../core/errors.ts';
import { killGroup } from '../process/runner.ts';
import { convertCold, type ColdContext } from './cold.ts';
import { abortError, outcomeOf, prepareConversion, UNAVAILABLE_DETAIL, type OfficeConversion, type PreparedConversion } from './conversion.ts';
import { coldExportFilter } from './filters.ts';
import { createRoot, resolveOffice, residentKb } from './host.ts';
import { startInstance, type Instance, type OfficeLog, type WorkerReply } from './instance.ts';
import { createTemplateProfile } from './profile.ts';
import { QueueWaits, waitClock } from '../queue-waits.ts';

/**
 * The pool of the office engine: warm instances (instance.ts) or cold processes (cold.ts), a bounded FIFO
 * queue, supervision (deadline, crash, health probe, recycling). What one conversion is lives in conversion.ts.
 */
export interface OfficeInstanceInfo {
  slot: number;
  state: 'starting' | 'idle' | 'busy' | 'checking' | 'stopped';
  /** soffice.bin's pid (also its process group); null while starting. */
  pid: number | null;
  workerPid: number | null;
  pipe: string | null;
  jobs: number;
}

export interface OfficeStats {
  workers: number;
  busy: number;
  queued: number;
  restarts: number;
  jobs: number;
  mode: 'uno' | 'cold';
}

export interface OfficeEngine {
  /** Resolves with the output file path (`<outputDir>/<input base name>.<format>`). */
  convert(job: OfficeConversion): Promise<string>;
  /** LibreOffice is installed here. */
  available(): boolean;
  stats(): OfficeStats;
  /** How long each conversion waited for an instance (engines/queue-waits.ts). */
  readonly waits: QueueWaits;
  /** Diagnostics (and tests): one row per warm instance. */
  instances(): OfficeInstanceInfo[];
  /** Resolves once every warm instance has started (or the engine runs cold); for readiness probes and benchmarks. */
  whenReady(): Promise<void>;
  close(): Promise<void>;
}

export interface OfficeEngineOptions {
  /** Warm instances (0: no pool, cold conversions with CPU-count concurrency). */
  workers: number;
  /** Conversions allowed to wait for an instance; more get 429 (default: 8 per worker, at least 16). */
  queueLimit?: number;
  jobTimeoutMs?: number;
  /** Recycle an instance after this many conversions (default 200). */
  maxJobsPerWorker?: number;
  /** Recycle an instance whose resident memory passes this after a job (default 1024 MB). */
  maxRssMb?: number;
  /** How long an instance may take to start (default 60 s). */
  startTimeoutMs?: number;
  log: OfficeLog;
  /** The engine keeps its profiles and scratch under a private folder created here. */
  tempDir: string;
  /** 'cold' forces the fallback (benchmarks, or hosts without python3-uno). */
  mode?: 'auto' | 'cold';
  /**
   * `boot` (default): the warm instances start with the engine, so the service is ready before its first
   * conversion. `first-use`: they start on the first conversion (test servers, most of which convert nothing).
   */
  start?: 'boot' | 'first-use';
  /** soffice or soffice.bin (default: Debian's /usr/lib/libreoffice/program). */
  sofficePath?: string;
  /** A python3 with the `uno` module (default Debian's /usr/bin/python3, not a pyenv one). */
  pythonPath?: string;
}

interface Job extends PreparedConversion {
  /** waitClock() when it joined the queue. */
  queuedAt: number;
  settled: boolean;
  running: boolean;
  resolve(output: string): void;
  reject(error: unknown): void;
  /** Set while running: stops the conversion (kills the instance or the cold process). */
  cancel?: (error: ToolError) => void;
}

interface Slot {
  index: number;
  state: OfficeInstanceInfo['state'];
  instance: Instance | null;
  jobs: number;
  failures: number;
  timer: NodeJS.Timeout | null;
}

const WORKER_SCRIPT = path.join(import.meta.dirname, 'uno-worker.py');
const PING_TIMEOUT_MS = 5000;
export function createOfficeEngine(options: OfficeEngineOptions): OfficeEngine {
  const log = options.log;
  const office = resolveOffice(options.sofficePath);
  const python = options.pythonPath ?? '/usr/bin/python3';
  const jobTimeoutMs = options.jobTimeoutMs ?? 60_000;
  const maxJobsPerWorker = Math.max(1, options.maxJobsPerWorker ?? 200);
  const startTimeoutMs = options.startTimeoutMs ?? 60_000;
  const maxRssKb = (options.maxRssMb ?? 1024) * 1024;
  const poolSize = Math.max(0, Math.floor(options.workers));
  const coldConcurrency = poolSize > 0 ? poolSize : Math.max(1, availableParallelism());
  const queueLimit = options.queueLimit ?? Math.max(16, 8 * Math.max(1, poolSize));

  let mode: 'uno' | 'cold' = options.mode === 'cold' || poolSize === 0 || !existsSync(python) ? 'cold' : 'uno';
  let closed = false;
  let restarts = 0;
  let jobsDone = 0;
  let coldRunning = 0;
  let everReady = false;
  let startFailures = 0;
  const queue: Job[] = [];
  const slots: Slot[] = [];
  /** Process groups outside the pool (cold conversions, profile initialisation), killed on close/exit. */
  const helperGroups = new Set<number>();
  const waiters: Array<() => void> = [];
  const waits = new QueueWaits();

  const root = office ? createRoot(options.tempDir, log) : '';
  const templateDir = path.join(root, 'template');
  let template: Promise<string | null> | null = null;

  function templateProfile(): Promise<string | null> {
    template ??= office
      ? createTemplateProfile(office.bin, templateDir, path.join(root, 'tmp'), startTimeoutMs, helperGroups).then(
          () => templateDir,
          (error: unknown) => {
            log.warn({ err: error }, 'office: could not prepare a template profile');
            return null;
          },
        )
      : Promise.resolve(null);
    return template;
  }

  const onExit = (): void => {
    for (const slot of slots) killGroup(slot.instance?.pid);
    for (const pid of helperGroups) killGroup(pid);
  };
  process.on('exit', onExit);

  function changed(): void {
    if (mode === 'cold' || closed || (slots.length > 0 && slots.every((s) => s.state !== 'starting'))) {
      for (const resolve of waiters.splice(0)) resolve();
    }
  }

  // ---- warm pool -------------------------------------------------------------------------------

  async function startSlot(slot: Slot): Promise<void> {
    if (closed || mode !== 'uno') return;
    slot.state = 'starting';
    slot.instance = null;
    let instance: Instance | null = null;
    try {
      const profile = await templateProfile();
      if (!profile) throw new Error('no LibreOffice profile could be prepared');
      if (closed || mode !== 'uno') return;
      instance = await startInstance({
        slot: slot.index,
        sofficeBin: office!.bin,
        python,
        workerScript: WORKER_SCRIPT,
        templateProfile: profile,
        root,
        startTimeoutMs,
        log,
      });
      if (closed) {
        await instance.kill();
        return;
      }
      slot.instance = instance;
      const started = instance;
      instance.onDeath((reason) => {
        if (slot.instance !== started) return;
        if (slot.state === 'idle') {
          log.warn({ slot: slot.index, reason, diagnostics: started.diagnostics() }, 'office: an idle instance died; restarting it');
          restartSlot(slot);
        }
        // busy/checking: the job or the probe sees InstanceDied and restarts the slot.
      });
      await instance.ready;
      if (closed) return;
      slot.state = 'idle';
      slot.jobs = 0;
      slot.failures = 0;
      everReady = true;
      log.info({ slot: slot.index, pid: instance.pid, pipe: instance.pipe }, 'office: instance ready');
      changed();
      dispatch();
    } catch (error) {
      if (closed) return;
      const diagnostics = instance?.diagnostics();
      await instance?.kill();
      slot.instance = null;
      slot.failures += 1;
      startFailures += 1;
      log.warn({ slot: slot.index, err: error, diagnostics }, 'office: an instance failed to start');
      const noUno = /No module named 'uno'|ModuleNotFoundError|ImportError/.test(diagnostics ?? '');
      if (!everReady && (noUno || startFailures >= 3 * Math.max(1, poolSize))) {
        switchToCold(noUno ? 'python3 has no uno module (install python3-uno)' : 'no warm instance could start');
        return;
      }
      const delay = Math.min(10_000, 250 * 2 ** slot.failures);
      slot.timer = setTimeout(() => {
        slot.timer = null;
        void startSlot(slot);
      }, delay);
      slot.timer.unref();
    }
  }

  function restartSlot(slot: Slot): void {
    if (closed) return;
    restarts += 1;
    const old = slot.instance;
    slot.instance = null;
    slot.state = 'starting';
    void (async () => {
      await old?.kill();
      await startSlot(slot);
    })();
  }

  function switchToCold(reason: string): void {
    if (mode === 'cold') return;
    log.error({ reason }, 'office: warm LibreOffice pool unavailable; falling back to one soffice process per conversion');
    mode = 'cold';
    for (const slot of slots) {
      if (slot.timer) clearTimeout(slot.timer);
      void slot.instance?.kill();
      slot.instance = null;
      slot.state = 'stopped';
    }
    changed();
    dispatch();
  }

  async function probe(slot: Slot, instance: Instance): Promise<boolean> {
    slot.state = 'checking';
    let timer: NodeJS.Timeout | undefined;
    try {
      const reply = await Promise.race([
        instance.send({ op: 'ping' }),
        new Promise<WorkerReply>((resolve) => (timer = setTimeout(() => resolve({ ok: false, error: 'no answer' }), PING_TIMEOUT_MS))),
      ]);
      if (reply.ok && (reply.open ?? 0) > 0) log.warn({ slot: slot.index, open: reply.open }, 'office: closed documents left open by a job');
      return reply.ok === true;
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  async function runWarm(slot: Slot, job: Job): Promise<void> {
    const instance = slot.instance!;
    slot.state = 'busy';
    job.running = true;
    waits.started(job.queuedAt);
    job.cancel = (error) => {
      settle(job, error);
      log.warn({ slot: slot.index, pid: instance.pid, reason: error.code }, 'office: killing an instance to stop a conversion');
      if (slot.instance === instance) restartSlot(slot);
    };
    let reply: WorkerReply;
    try {
      reply = await instance.send({
        op: 'convert',
        input: job.input,
        output: job.output,
        format: job.format,
        filter: job.exportFilter?.name ?? null,
        filterOptions: job.exportFilter?.options ?? null,
        filterData: job.filterData ?? null,
        inputFilter: job.inputFilter?.name ?? null,
        inputFilterOptions: job.inputFilter?.options ?? null,
      });
    } catch (error) {
      // send() only fails when the instance is gone (InstanceDied): crash, kill, or our own cancel.
      if (!job.settled) {
        log.warn({ slot: slot.index, reason: (error as Error).message, diagnostics: instance.diagnostics() }, 'office: an instance died during a conversion');
        settle(job, new ToolError('service_unavailable', 'the converter stopped during the conversion; try again'));
      }
      if (slot.instance === instance) restartSlot(slot);
      return;
    }
    if (job.settled) return; // cancelled meanwhile; the slot is already restarting
    jobsDone += 1;
    slot.jobs += 1;
    const outcome = outcomeOf(reply, job);
    if ('log' in outcome && outcome.log) log.info({ slot: slot.index, error: reply.error }, outcome.log);
    if ('output' in outcome) settle(job, null, outcome.output);
    else settle(job, outcome.error);
    if ('disconnected' in outcome && outcome.disconnected) {
      restartSlot(slot);
      return;
    }
    if (closed || slot.instance !== instance) return;
    if (slot.jobs >= maxJobsPerWorker) {
      log.info({ slot: slot.index, jobs: slot.jobs }, 'office: recycling an instance after its job quota');
      restartSlot(slot);
      return;
    }
    const rssKb = residentKb(instance.pid);
    if (rssKb > maxRssKb) {
      log.info({ slot: slot.index, rssMb: Math.round(rssKb / 1024) }, 'office: recycling an instance that grew past its memory limit');
      restartSlot(slot);
      return;
    }
    if (!(await probe(slot, instance))) {
      if (slot.instance !== instance || closed) return;
      log.warn({ slot: slot.index, diagnostics: instance.diagnostics() }, 'office: an instance failed its health probe; restarting it');
      restartSlot(slot);
      return;
    }
    if (slot.instance !== instance || closed) return;
    slot.state = 'idle';
    dispatch();
  }

  // ---- cold fallback ---------------------------------------------------------------------------

  async function runCold(job: Job): Promise<void> {
    coldRunning += 1;
    job.running = true;
    waits.started(job.queuedAt);
    const controller = new AbortController();
    job.cancel = (error) => {
      settle(job, error);
      controller.abort(error);
    };
    try {
      const ctx: ColdContext = { soffice: office!.launcher, root, templateProfile: await templateProfile(), groups: helperGroups };
      const exportFilter = job.exportFilter ?? coldExportFilter(job.input, job.format);
      const output = await convertCold(ctx, {
        input: job.input,
        output: job.output,
        outputDir: job.outputDir,
        format: job.format,
        ...(exportFilter ? { exportFilter } : {}),
        ...(job.inputFilter ? { inputFilter: job.inputFilter } : {}),
        ...(job.filterData ? { filterData: job.filterData } : {}),
        signal: controller.signal,
      });
      settle(job, null, output);
    } catch (error) {
      settle(job, error);
    } finally {
      coldRunning -= 1;
      jobsDone += 1;
      dispatch();
    }
  }

  // ---- queue -----------------------------------------------------------------------------------

  function settle(job: Job, error: unknown, output?: string): void {
    if (job.settled) return;
    job.settled = true;
    if (error) {
      rmSync(job.output, { force: true }); // no half-written output left behind
      job.reject(error);
    } else {
      job.resolve(output!);
    }
  }

  function dispatch(): void {
    if (closed) return;
    while (queue.length > 0) {
      if (mode === 'uno') {
        const slot = slots.find((s) => s.state === 'idle' && s.instance?.alive());
        if (!slot) return;
        const job = queue.shift()!;
        if (job.settled) continue;
        void runWarm(slot, job);
      } else {
        if (coldRunning >= coldConcurrency) return;
        const job = queue.shift()!;
        if (job.settled) continue;
        void runCold(job);
      }
    }
  }

  function enqueue(job: PreparedConversion, signal: AbortSignal | undefined): Promise<string> {
    if (!office) return Promise.reject(new ToolError('engine_unavailable', UNAVAILABLE_DETAIL));
    if (closed) return Promise.reject(new ToolError('service_unavailable', 'the converter is shutting down; try again'));
    if (signal?.aborted) return Promise.reject(abortError(signal));
    if (queue.length >= queueLimit) {
      return Promise.reject(new ToolError('rate_limited', 'the converter queue is full; retry shortly', { headers: { 'retry-after': '2' } }));
    }
    return new Promise<string>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const onAbort = (): void => stop(abortError(signal!));
      const entry: Job = {
        ...job,
        queuedAt: waitClock(),
        settled: false,
        running: false,
        resolve: (output) => {
          cleanup();
          resolve(output);
        },
        reject: (error) => {
          cleanup();
          reject(error);
        },
      };
      function cleanup(): void {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      }
      function stop(error: ToolError): void {
        if (entry.settled) return;
        if (entry.running && entry.cancel) entry.cancel(error);
        else {
          const index = queue.indexOf(entry);
          if (index >= 0) queue.splice(index, 1);
          settle(entry, error);
        }
      }
      timer = setTimeout(() => {
        const seconds = Math.round(job.timeoutMs / 100) / 10;
        stop(
          entry.running
            ? new ToolError('timeout', `the conversion did not finish within ${seconds} s; the document may be too large or complex`)
            : new ToolError('timeout', `no converter became free within ${seconds} s; try again shortly`),
        );
      }, job.timeoutMs);
      signal?.addEventListener('abort', onAbort, { once: true });
      queue.push(entry);
      dispatch();
    });
  }

  async function convert(job: OfficeConversion): Promise<string> {
    if (!office) throw new ToolError('engine_unavailable', UNAVAILABLE_DETAIL);
    boot();
    return enqueue(prepareConversion(job, jobTimeoutMs), job.signal);
  }

  // ---- boot ------------------------------------------------------------------------------------

  if (!office) log.warn({}, 'office: LibreOffice is not installed; document conversions answer 501');
  else if (mode === 'cold') log.warn({ workers: coldConcurrency, python }, 'office: no warm pool; each conversion starts its own soffice');
  else log.info({ workers: poolSize, queueLimit }, 'office: starting warm LibreOffice instances');

  let booted = false;
  function boot(): void {
    if (booted) return;
    booted = true;
    if (office && mode === 'uno') {
      for (let index = 0; index < poolSize; index += 1) {
        slots.push({ index, state: 'starting', instance: null, jobs: 0, failures: 0, timer: null });
      }
      for (const slot of slots) void startSlot(slot);
    } else if (office) {
      void templateProfile();
    }
  }
  if (options.start !== 'first-use') boot();

  return {
    convert,
    available: () => office !== null,
    stats: () => ({
      workers: mode === 'uno' ? slots.length : coldConcurrency,
      busy: mode === 'uno' ? slots.filter((s) => s.state === 'busy').length : coldRunning,
      queued: queue.length,
      restarts,
      jobs: jobsDone,
      mode,
    }),
    waits,
    instances: () =>
      slots.map((s) => ({
        slot: s.index,
        state: s.state,
        pid: s.instance?.pid ?? null,
        workerPid: s.instance?.workerPid ?? null,
        pipe: s.instance?.pipe ?? null,
        jobs: s.jobs,
      })),
    whenReady: () =>
      new Promise<void>((resolve) => {
        waiters.push(resolve);
        changed();
      }),
    close: async () => {
      if (closed) return;
      closed = true;
      const stopping = new ToolError('service_unavailable', 'the converter is shutting down; try again');
      for (const job of queue.splice(0)) settle(job, stopping);
      for (const slot of slots) {
        if (slot.timer) clearTimeout(slot.timer);
        slot.state = 'stopped';
      }
      await Promise.all(slots.map((s) => s.instance?.kill()));
      for (const pid of helperGroups) killGroup(pid);
      await template; // settles at once: its process was just killed
      changed();
      process.off('exit', onExit);
      if (root) rmSync(root, { recursive: true, force: true });
    },
  };
}
