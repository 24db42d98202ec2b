/** A stream a command writes to: stdout for results, stderr for progress and diagnostics. */
export type OutputStream = NodeJS.WritableStream & { readonly isTTY?: boolean };

/** What a command reads and writes, so tests and the binary give it the same streams. */
export interface CommandIo {
  readonly stdin: NodeJS.ReadableStream & { readonly isTTY?: boolean };
  readonly stdout: OutputStream;
  readonly stderr: OutputStream;
  readonly environment: Readonly<Record<string, string | undefined>>;
}

/** Write `text` and wait until the stream took it (so a large output keeps its order and memory bounded). */
export function write(stream: OutputStream, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const ok = stream.write(text, (error) => (error ? reject(error) : undefined));
    if (ok) resolve();
    else stream.once('drain', () => resolve());
  });
}
