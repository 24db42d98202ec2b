import picocolors from 'picocolors';

/**
 * Whether to colour: on a terminal (not `TERM=dumb`) unless `NO_COLOR` is set
 * and non-empty, or wherever `FORCE_COLOR` is set and non-empty. Unlike
 * picocolors' own default, a `CI` variable does not turn colour on: piped
 * output stays plain.
 */
function colourWanted(environment: NodeJS.ProcessEnv, stream: NodeJS.WriteStream): boolean {
  if (environment.FORCE_COLOR) return true;
  if (environment.NO_COLOR) return false;
  return stream.isTTY === true && environment.TERM !== 'dumb';
}

const pc = picocolors.createColors(colourWanted(process.env, process.stdout));

/** Where the demo prints: coloured on a terminal, plain when piped. */
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
