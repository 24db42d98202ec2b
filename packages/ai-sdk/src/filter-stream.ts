import type { Transformer } from 'node:stream/web';
import { OpsObjectFilter } from '@symfonic/memory';
import type { CallOptions, FinishReason, StreamPart } from './language-model-shapes.js';
import type { MemoryCall, StepAnswer } from './memory-call.js';
import { stepReplyParts } from './step-reply-parts.js';

const isAbort = (error: unknown, signal: AbortSignal | undefined) =>
  signal?.aborted === true || (error instanceof Error && error.name === 'AbortError');

/**
 * The model's stream as the user gets it, and memory's end of the call.
 *
 * The step's text runs through one {@link OpsObjectFilter}, its blocks in
 * the order their deltas come, joined as the reply reader joins them, so an
 * ops object split across two text blocks is withheld whole. A `text-delta`
 * carries what the filter releases (no part when it releases nothing); a
 * block's `text-end` waits while the filter holds text back, and is passed on
 * once it holds nothing (what it still holds at `finish` comes out first, in
 * the last waiting block). Every other part, known or not (AI SDK 7's `ping`
 * and `custom` included), passes unchanged and at once. At `finish`, before
 * passing it on, the call finishes (see `MemoryCall.finish`: `remember` reads
 * the step's parts with the withheld ops objects as their only text), so the
 * stream closes once memory is written. A stream that errors, carries an
 * `error` part, or is cancelled writes nothing and is reported as such.
 */
export function filterStream<Part extends StreamPart, Options extends CallOptions>(
  source: ReadableStream<Part>,
  call: MemoryCall<Options>,
  toolName: string,
): ReadableStream<Part> {
  const filter = new OpsObjectFilter();
  const others: Part[] = [];
  /** `text-end` parts waiting for the filter to release what it holds of their block. */
  const waitingEnds: Part[] = [];
  let lastText: Part | undefined;
  let answer = '';
  let failed: string | undefined;
  let finished = false;

  const delta = (like: Part, text: string): Part =>
    ({ ...like, type: 'text-delta', delta: text }) as Part;
  const passWaitingEnds = (out: Part[]) => {
    out.push(...waitingEnds);
    waitingEnds.length = 0;
  };
  const step = (): StepAnswer => {
    const { objects, truncated } = filter.withheld();
    const complete = truncated ? objects.slice(0, -1) : objects;
    const parts = stepReplyParts(others, toolName);
    const text = complete.join('\n');
    return {
      reply: [
        ...parts.besides,
        ...(text === ''
          ? []
          : [
              { type: 'text-start', id: 'withheld' },
              { type: 'text-delta', id: 'withheld', delta: text },
              { type: 'text-end', id: 'withheld' },
            ]),
        ...parts.memoryCalls,
        ...parts.finish,
      ],
      opsObjects: complete.length,
      callsMemoryTool: parts.memoryCalls.length > 0,
      answer,
      withheld: objects,
      truncated,
    };
  };

  /** The parts to pass on for `part`, in order: at once, but for `finish`, which waits for memory. */
  const handle = (part: Part): Part[] | Promise<Part[]> => {
    const out: Part[] = [];
    const started = performance.now();
    if (part.type === 'text-delta') {
      lastText = part;
      const released = filter.push(part.delta ?? '');
      answer += released;
      if (released.length > 0) out.push(delta(part, released));
      if (!filter.holding) passWaitingEnds(out);
    } else if (part.type === 'text-end') {
      if (filter.holding) waitingEnds.push(part);
      else out.push(part);
    } else if (part.type !== 'finish') {
      if (part.type === 'error') failed ??= 'the stream carried an error part';
      if (part.type !== 'text-start') others.push(part);
      out.push(part);
    }
    if (part.type !== 'finish') {
      call.addMiddlewareTime(performance.now() - started);
      return out;
    }
    const rest = filter.end();
    answer += rest;
    const restBlock = waitingEnds.at(-1) ?? lastText;
    if (rest.length > 0 && restBlock) out.push(delta(restBlock, rest));
    passWaitingEnds(out);
    others.push(part);
    call.addMiddlewareTime(performance.now() - started);
    finished = true;
    if (failed) {
      call.fail('errored', `${failed}: nothing was written`);
      out.push(part);
      return out;
    }
    return call.finish(part.finishReason as FinishReason, step).then(() => {
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
