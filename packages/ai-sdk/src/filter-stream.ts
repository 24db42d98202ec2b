import type { Transformer } from 'node:stream/web';
import { OpsObjectFilter } from '@symfonic/memory';
import type { CallOptions, FinishReason, StreamPart } from './language-model-shapes.js';
import type { MemoryCall, StepAnswer } from './memory-call.js';

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
      withheldBlocks += 1;
      const id = `${block.start.id ?? ''}:withheld:${withheldBlocks}`;
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

  /** The parts to pass on for `part`, in order: at once, but for `finish`, which waits for memory. */
  const handle = (part: Part): Part[] | Promise<Part[]> => {
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
    if (failed) {
      call.fail('errored', `${failed}: nothing was written`);
      out.push(part);
      return out;
    }
    return call
      .finish(part.finishReason as FinishReason, () => step(part))
      .then(() => {
        out.push(part);
        return out;
      });
  };

  // `cancel` (Node 20.12+, every runtime the AI SDK supports) is missing from Node 20's types.
  const transformer: Transformer<Part, Part> & { cancel(reason: unknown): void } = {
    transform(part, controller) {
      const handled = handle(part);
      if (Array.isArray(handled)) {
        for (const out of handled) controller.enqueue(out);
        return;
      }
      return handled.then((parts) => {
        for (const out of parts) controller.enqueue(out);
      });
    },
    flush() {
      if (!finished) {
        call.fail('errored', 'the model stream ended without a finish part: nothing was written');
      }
    },
    /** The model stream failed, or the reader cancelled: called with the error or the reason. */
    cancel(reason) {
      const failedStream = reason instanceof Error && !isAbort(reason, call.params.abortSignal);
      call.fail(
        failedStream ? 'errored' : 'aborted',
        failedStream
          ? 'the model stream failed: nothing was written'
          : 'the stream was aborted before it finished: nothing was written',
      );
    },
  };
  return source.pipeThrough(new TransformStream(transformer));
}
