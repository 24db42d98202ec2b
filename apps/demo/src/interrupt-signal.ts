/**
 * Run `work` with a signal that a Ctrl-C (SIGINT) aborts, so it can stop at a
 * safe point and let the caller close what it opened. The handler is removed
 * when `work` settles; a second Ctrl-C while it is still running ends the
 * process as usual.
 */
export async function withInterruptSignal<T>(
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  const interrupt = () => controller.abort(new Error('interrupted (SIGINT)'));
  process.once('SIGINT', interrupt);
  try {
    return await work(controller.signal);
  } finally {
    process.removeListener('SIGINT', interrupt);
  }
}
