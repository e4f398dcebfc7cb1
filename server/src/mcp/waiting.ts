// Small promise helpers for the pool: waiting for a free slot and giving up on a shared promise when aborted.

/** Resolves true when one of `waiters` is called (a slot may be free), false after `ms`; rejects when `signal` aborts. */
export function waitFor(waiters: Array<() => void>, ms: number, signal?: AbortSignal): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const settle = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      settle();
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      settle();
      resolve(false);
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
    waiters.push(() => {
      settle();
      resolve(true);
    });
  });
}

/** The promise's outcome, or the signal's reason as soon as it aborts (the promise itself carries on for others). */
export function abortable<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
