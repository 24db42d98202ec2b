/** A gate a test holds closed until it chooses to open it. */
export interface Barrier {
  /** Settles (never rejects) once {@link Barrier.open} is called; awaited by the code held at the gate. */
  readonly opened: Promise<void>;
  /** Open the gate: every `await opened`, before or after, goes on. Opening twice does nothing more. */
  readonly open: () => void;
}

/**
 * A closed {@link Barrier}: a test orders concurrent work by holding one
 * piece at `await opened` while another runs, then calling `open()`, with
 * no sleep and no timing.
 */
export function barrier(): Barrier {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}
