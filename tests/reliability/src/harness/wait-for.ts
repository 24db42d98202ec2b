/**
 * Poll `probe` every 10 ms until it answers something other than
 * `undefined`, and answer that.
 *
 * @throws Error when nothing came within `seconds`.
 */
export async function waitFor<Value>(
  probe: () => Promise<Value | undefined>,
  seconds: number,
): Promise<Value> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`nothing happened within ${seconds} s`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
