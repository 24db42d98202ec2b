import type { LanguageModelV3CallOptions } from '@ai-sdk/provider';
import { simulateReadableStream } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { type ScriptedStep, streamPartsOf } from './scripted-model.js';

/** One model call waiting for its answer: the prompt it was given, and how to answer it. */
export interface PendingModelCall {
  readonly prompt: LanguageModelV3CallOptions['prompt'];
  answer(step: ScriptedStep): void;
}

/**
 * The AI SDK's own mock model whose every call waits for the test to answer
 * it: `nextCall()` resolves with the call's prompt once the model is called,
 * and the call returns the step the test answers it with (generate and
 * stream alike). A test orders two requests' steps by awaiting them: a
 * barrier, never a sleep. Tool call ids start with `name`, so two models'
 * calls never share one.
 */
export function steeredModel(name: string) {
  const waiting: PendingModelCall[] = [];
  const waiters: ((call: PendingModelCall) => void)[] = [];
  let calls = 0;
  const called = (prompt: LanguageModelV3CallOptions['prompt']) =>
    new Promise<{ step: ScriptedStep; index: number }>((resolve) => {
      const index = calls;
      calls += 1;
      const call: PendingModelCall = { prompt, answer: (step) => resolve({ step, index }) };
      const waiter = waiters.shift();
      if (waiter) waiter(call);
      else waiting.push(call);
    });
  /** The parts of `step`, its tool call ids prefixed with the model's name. */
  const partsOf = (step: ScriptedStep, index: number) =>
    streamPartsOf(step, index).map((part) =>
      part.type === 'tool-call' ? { ...part, toolCallId: `${name}-${part.toolCallId}` } : part,
    );
  const model = new MockLanguageModelV3({
    doGenerate: async (options) => {
      const { step, index } = await called(options.prompt);
      const parts = partsOf(step, index);
      const content = [];
      for (const block of step.deltas ? [step.deltas, ...(step.moreBlocks ?? [])] : []) {
        content.push({ type: 'text' as const, text: block.join('') });
      }
      for (const part of parts) if (part.type === 'tool-call') content.push(part);
      const finish = parts.find((part) => part.type === 'finish');
      if (finish?.type !== 'finish') throw new Error('a steered step must finish');
      return { content, finishReason: finish.finishReason, usage: finish.usage, warnings: [] };
    },
    doStream: async (options) => {
      const { step, index } = await called(options.prompt);
      const chunks = partsOf(step, index);
      return {
        stream: simulateReadableStream({ chunks, initialDelayInMs: null, chunkDelayInMs: null }),
      };
    },
  });
  return {
    model,
    /** The next call of the model, once it is made. */
    nextCall(): Promise<PendingModelCall> {
      const call = waiting.shift();
      if (call) return Promise.resolve(call);
      return new Promise((resolve) => waiters.push(resolve));
    },
  };
}
