/** One line of a hydrated block that the local model can cite: its ref (`#3`) and its text. */
export interface RecalledLine {
  readonly ref: string;
  readonly text: string;
}

const recalledPattern = /^\[(?:semantic|episodic) (#\d+)\] (.*)$/;

/**
 * The recalled lines of a rendered memory block, read the way a model reads
 * its prompt: by the `[layer #ref]` prefix that starts each line.
 */
export function recalledLines(blockText: string): RecalledLine[] {
  const lines: RecalledLine[] = [];
  for (const line of blockText.split('\n')) {
    const match = recalledPattern.exec(line);
    if (match?.[1] && match[2] !== undefined) lines.push({ ref: match[1], text: match[2] });
  }
  return lines;
}
