import pc from 'picocolors';

/**
 * Where the demo prints. Colour comes from picocolors, which turns itself off
 * when stdout is not a terminal or `NO_COLOR` is set, so piped output is plain.
 */
export interface Output {
  line(text?: string): void;
  heading(text: string): void;
  detail(label: string, text: string): void;
  indented(text: string, depth?: number): void;
}

/** The terminal: stdout, coloured when it is a TTY. */
export function terminalOutput(
  write: (text: string) => void = (text) => process.stdout.write(text),
): Output {
  return {
    line: (text = '') => write(`${text}\n`),
    heading: (text) => write(`\n${pc.bold(pc.cyan(`== ${text}`))}\n`),
    detail: (label, text) => write(`  ${pc.dim(label.padEnd(12))} ${text}\n`),
    indented: (text, depth = 1) => write(`${'  '.repeat(depth + 1)}${text}\n`),
  };
}

/** Styles for the pieces of a line. */
export const style = {
  ok: (text: string) => pc.green(text),
  bad: (text: string) => pc.red(text),
  warn: (text: string) => pc.yellow(text),
  dim: (text: string) => pc.dim(text),
  strong: (text: string) => pc.bold(text),
  quote: (text: string) => `"${text}"`,
};
