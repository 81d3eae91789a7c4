/**
 * `promise`, or the signal's reason as soon as it aborts (the promise itself keeps running: the caller
 * stops waiting, which is all an abort can do to work that takes no signal). Here, at the bottom,
 * because the fetcher (a DNS look-up, a browser render) and the validation service (a credit turn, a
 * shared flight) all need it, and none may import the others.
 */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) {
    // Nobody waits for the promise any more: its own failure must not surface as an unhandled rejection.
    promise.catch(() => {});
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (err: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(err);
      },
    );
  });
}
