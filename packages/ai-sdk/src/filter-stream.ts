import type { CallOptions, FinishReason, StreamPart } from './language-model-shapes.js';
import type { MemoryCall, StepAnswer } from './memory-call.js';
import { OpsObjectFilter } from './ops-object-filter.js';

const textParts: ReadonlySet<string> = new Set(['text-start', 'text-delta', 'text-end']);

/** Numbers the withheld texts handed to `remember`, so that no two share an id. */
let withheldBlocks = 0;

/** One text block of the stream: its filter, and how it was opened. */
interface TextBlock {
  readonly filter: OpsObjectFilter;
  readonly start: StreamPart;
  released: string;
  ended: boolean;
}

const isAbort = (error: unknown, signal: AbortSignal | undefined) =>
  signal?.aborted === true || (error instanceof Error && error.name === 'AbortError');

/**
 * The model's stream as the user gets it, and memory's end of the call.
 *
 * Each text block runs through an {@link OpsObjectFilter}: a `text-delta`
 * carries what the filter releases (no part when it releases nothing), and
 * what it still holds comes out before the block's `text-end`. Every other
 * part passes unchanged and at once. At `finish`, before passing it on, the
 * call finishes (see `MemoryCall.finish`: on the final step, `remember` reads
 * the parts that went by, with the withheld ops objects as their only text,
 * after the parts of earlier steps that carried ops),
 * so the stream closes once memory is written. A stream that errors, carries
 * an `error` part, or is cancelled writes nothing and is reported as such.
 */
export function filterStream<Part extends StreamPart, Options extends CallOptions>(
  source: ReadableStream<Part>,
  call: MemoryCall<Options>,
  toolName: string,
): ReadableStream<Part> {
  const reader = source.getReader();
  const blocks = new Map<string, TextBlock>();
  const order: TextBlock[] = [];
  const others: Part[] = [];
  let failed: string | undefined;
  let finished = false;

  const blockOf = (part: Part): TextBlock => {
    const id = part.id ?? '';
    let block = blocks.get(id);
    if (!block) {
      block = { filter: new OpsObjectFilter(), start: part, released: '', ended: false };
      blocks.set(id, block);
      order.push(block);
    }
    return block;
  };
  const delta = (like: Part, text: string): Part => ({ ...like, type: 'text-delta', delta: text });
  const endBlock = (block: TextBlock, like: Part, out: Part[]) => {
    if (block.ended) return;
    block.ended = true;
    const rest = block.filter.end();
    block.released += rest;
    if (rest.length > 0) out.push(delta({ ...like, id: block.start.id } as Part, rest));
  };
  const step = (finish: Part): StepAnswer => {
    const withheld: string[] = [];
    let truncated = false;
    const carried: StreamPart[] = others.filter(
      (part) => part.type === 'tool-call' && part.toolName === toolName,
    );
    for (const block of order) {
      const taken = block.filter.withheld();
      truncated ||= taken.truncated;
      withheld.push(...taken.objects);
      if (taken.objects.length === 0) continue;
      // An id of its own: a later step's text may reuse the block's id.
      const id = `${block.start.id ?? ''}:withheld:${(withheldBlocks += 1)}`;
      carried.push(
        { type: 'text-start', id },
        { type: 'text-delta', id, delta: taken.objects.join('\n') },
        { type: 'text-end', id },
      );
    }
    const besides = others.filter((part) => !carried.includes(part));
    const answer = order.map((block) => block.released).join('');
    return {
      reply: (earlier) => [...earlier, ...besides, ...carried, finish],
      carried,
      callsMemoryTool: carried.some((part) => part.type === 'tool-call'),
      answer,
      withheld,
      truncated,
    };
  };

  /** The parts to pass on for `part`, in order. */
  const handle = async (part: Part): Promise<Part[]> => {
    const out: Part[] = [];
    const started = performance.now();
    if (textParts.has(part.type)) {
      const block = blockOf(part);
      if (part.type === 'text-start') out.push(part);
      else if (part.type === 'text-delta') {
        const released = block.filter.push(part.delta ?? '');
        block.released += released;
        if (released.length > 0) out.push(delta(part, released));
      } else {
        endBlock(block, part, out);
        out.push(part);
      }
      call.addMiddlewareTime(performance.now() - started);
      return out;
    }
    if (part.type === 'error') failed ??= 'the stream carried an error part';
    if (part.type !== 'finish') {
      others.push(part);
      out.push(part);
      call.addMiddlewareTime(performance.now() - started);
      return out;
    }
    for (const block of order) endBlock(block, part, out);
    call.addMiddlewareTime(performance.now() - started);
    finished = true;
    if (failed) call.fail('errored', `${failed}: nothing was written`);
    else await call.finish(part.finishReason as FinishReason, () => step(part));
    out.push(part);
    return out;
  };

  return new ReadableStream<Part>({
    /** Reads until there is something to pass on (a delta the filter holds whole passes nothing). */
    async pull(controller) {
      for (;;) {
        let next: Awaited<ReturnType<typeof reader.read>>;
        try {
          next = await reader.read();
        } catch (error) {
          const aborted = isAbort(error, call.params.abortSignal);
          call.fail(
            aborted ? 'aborted' : 'errored',
            `the model stream ${aborted ? 'was aborted' : 'failed'}: nothing was written`,
          );
          controller.error(error);
          return;
        }
        if (next.done) {
          if (!finished) {
            call.fail(
              'errored',
              'the model stream ended without a finish part: nothing was written',
            );
          }
          controller.close();
          return;
        }
        let out: Part[];
        try {
          out = await handle(next.value);
        } catch (error) {
          controller.error(error);
          await reader.cancel(error).catch(() => undefined);
          return;
        }
        for (const part of out) controller.enqueue(part);
        if (out.length > 0) return;
      }
    },
    async cancel(reason) {
      call.fail('aborted', 'the stream was cancelled before it finished: nothing was written');
      await reader.cancel(reason);
    },
  });
}
