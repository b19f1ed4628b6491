// A scan's time limit for work that a timer cannot interrupt. The job scheduler aborts a scan with
// a timer, but call-graph assembly is one synchronous run on the main thread: no timer fires while
// it runs, so a project whose resolution explodes (a pathological cycle of answers) would hold the
// thread, and with it the whole server, for good. The scheduler registers the scan's deadline with
// its signal; assembly asks deadlineCheck() for a check it calls every few thousand resolutions,
// which aborts the signal (as the timer would have) and throws its reason once the time is up.

const deadlines = new WeakMap<AbortSignal, { at: number; expire: () => void }>();

/** `signal` is to be aborted by `expire` at `at` (performance.now() time). */
export function setDeadline(signal: AbortSignal, at: number, expire: () => void): void {
  deadlines.set(signal, { at, expire });
}

/** A check that throws the signal's reason once its deadline has passed; null when it has none. */
export function deadlineCheck(signal: AbortSignal | undefined): (() => void) | null {
  const d = signal ? deadlines.get(signal) : undefined;
  if (!signal || !d) return null;
  return () => {
    if (!signal.aborted && performance.now() > d.at) d.expire();
    signal.throwIfAborted();
  };
}
