import type { StreamPart } from './language-model-shapes.js';

/** The non-text parts of a streamed step, as `remember` is given them (see {@link stepReplyParts}). */
export interface StepReplyParts<Part extends StreamPart> {
  /** One part of each other type, in the order the types first came: enough to name them in `ignored`. */
  readonly besides: readonly Part[];
  /** Every call of the memory tool, in order: their inputs are read. */
  readonly memoryCalls: readonly Part[];
  /** The `finish` part, when the step had one. */
  readonly finish: readonly Part[];
}

/**
 * The non-text parts of one streamed step, reduced to what `remember` reads:
 * the memory tool's calls, and one part of each other type, which the reader
 * only names (a reasoning model streams thousands of `reasoning-delta`s; the
 * reply `remember` reads stays as long as the step has types).
 */
export function stepReplyParts<Part extends StreamPart>(
  parts: readonly Part[],
  toolName: string,
): StepReplyParts<Part> {
  const besides: Part[] = [];
  const memoryCalls: Part[] = [];
  const finish: Part[] = [];
  const types = new Set<string>();
  for (const part of parts) {
    if (part.type === 'tool-call' && part.toolName === toolName) memoryCalls.push(part);
    else if (part.type === 'finish') finish.push(part);
    else if (!types.has(part.type)) {
      types.add(part.type);
      besides.push(part);
    }
  }
  return { besides, memoryCalls, finish };
}
