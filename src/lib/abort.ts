/**
 * Settles like `promise`, or rejects with `reasonOf(signal)` as soon as `signal` aborts (the promise itself keeps
 * running: for work that cannot be cancelled, such as getaddrinfo). The abort listener is removed either way.
 */
export function raceAbort<T>(promise: Promise<T>, signal: AbortSignal, reasonOf: (signal: AbortSignal) => Error): Promise<T> {
  if (signal.aborted) return Promise.reject(reasonOf(signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(reasonOf(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}
