/**
 * MCP progress notifications (spec "Progress"): when a tools/call carries `_meta.progressToken`, the
 * server tells the client how far the call is. Steps that finish move `progress` to the count done (of
 * `total`); while a step is still running, a notification every second moves it halfway to the next whole
 * step, so the value keeps increasing (as the spec requires) without claiming a step is done.
 */
export interface ProgressParams {
  progressToken: string | number;
  progress: number;
  total?: number;
  message?: string;
}

export interface Progress {
  /** `done` of `total` steps finished. */
  step(done: number, total: number, message: string): void;
  /** The call is done: a last notification with progress = total, then no more. */
  finish(): Promise<void>;
}

export const PROGRESS_INTERVAL_MS = 1000;

export function startProgress(token: string | number, send: (params: ProgressParams) => Promise<void>, onError: (error: unknown) => void): Progress {
  let value = 0;
  let total: number | undefined;
  const started = Date.now();
  const notify = (message: string): Promise<void> =>
    send({ progressToken: token, progress: Math.round(value * 1e6) / 1e6, ...(total !== undefined ? { total } : {}), message }).catch(onError);
  void notify('started');
  const timer = setInterval(() => {
    value += (Math.floor(value) + 1 - value) / 2;
    void notify(`working (${Math.round((Date.now() - started) / 1000)} s)`);
  }, PROGRESS_INTERVAL_MS);
  timer.unref();
  return {
    step(done, steps, message) {
      total = steps;
      if (done <= value) return;
      value = done;
      void notify(message);
    },
    async finish() {
      clearInterval(timer);
      const end = Math.max(total ?? 1, Math.ceil(value));
      if (end <= value) return;
      total = end;
      value = end;
      await notify('done');
    },
  };
}
