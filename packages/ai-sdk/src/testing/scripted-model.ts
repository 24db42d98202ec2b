import type {
  LanguageModelV3Content,
  LanguageModelV3FinishReason,
  LanguageModelV3GenerateResult,
  LanguageModelV3StreamPart,
  LanguageModelV3Usage,
} from '@ai-sdk/provider';
import { simulateReadableStream } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';

/** One model call of a script: the answer text in deltas, tool calls, reasoning, and why it stops. */
export interface ScriptedStep {
  /** The answer text, as the deltas it streams in (joined for `doGenerate`). */
  readonly deltas?: readonly string[];
  /** Further text blocks after the first (`deltas`), each as its deltas: a text part each for `doGenerate`. */
  readonly moreBlocks?: readonly (readonly string[])[];
  readonly reasoning?: string;
  readonly toolCalls?: readonly { readonly toolName: string; readonly input: unknown }[];
  /** Default `tool-calls` when there are tool calls, `stop` otherwise. */
  readonly finish?: 'stop' | 'length' | 'tool-calls' | 'error';
  /** Stream an `error` part instead of finishing. */
  readonly streamError?: unknown;
}

const usage: LanguageModelV3Usage = {
  inputTokens: { total: 12, noCache: 12, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 8, text: 8, reasoning: 0 },
};

const finishOf = (step: ScriptedStep): LanguageModelV3FinishReason => {
  const unified = step.finish ?? (step.toolCalls?.length ? 'tool-calls' : 'stop');
  return { unified, raw: unified };
};

const textBlocksOf = (step: ScriptedStep): readonly (readonly string[])[] =>
  step.deltas ? [step.deltas, ...(step.moreBlocks ?? [])] : [];

function contentOf(step: ScriptedStep, index: number): LanguageModelV3Content[] {
  const content: LanguageModelV3Content[] = [];
  if (step.reasoning !== undefined) content.push({ type: 'reasoning', text: step.reasoning });
  for (const block of textBlocksOf(step)) content.push({ type: 'text', text: block.join('') });
  step.toolCalls?.forEach((call, callIndex) => {
    content.push({
      type: 'tool-call',
      toolCallId: `call-${index}-${callIndex}`,
      toolName: call.toolName,
      input: JSON.stringify(call.input),
    });
  });
  return content;
}

/** The stream parts of `step`, as a provider streams them. */
export function streamPartsOf(step: ScriptedStep, index = 0): LanguageModelV3StreamPart[] {
  const parts: LanguageModelV3StreamPart[] = [{ type: 'stream-start', warnings: [] }];
  if (step.reasoning !== undefined) {
    parts.push(
      { type: 'reasoning-start', id: `r${index}` },
      { type: 'reasoning-delta', id: `r${index}`, delta: step.reasoning },
      { type: 'reasoning-end', id: `r${index}` },
    );
  }
  textBlocksOf(step).forEach((block, blockIndex) => {
    const id = blockIndex === 0 ? `t${index}` : `t${index}-${blockIndex}`;
    parts.push({ type: 'text-start', id });
    for (const delta of block) parts.push({ type: 'text-delta', id, delta });
    parts.push({ type: 'text-end', id });
  });
  step.toolCalls?.forEach((call, callIndex) => {
    parts.push({
      type: 'tool-call',
      toolCallId: `call-${index}-${callIndex}`,
      toolName: call.toolName,
      input: JSON.stringify(call.input),
    });
  });
  if (step.streamError !== undefined) {
    parts.push({ type: 'error', error: step.streamError });
    return parts;
  }
  parts.push({ type: 'finish', usage, finishReason: finishOf(step) });
  return parts;
}

/**
 * The AI SDK's own mock model answering `steps` in turn (generate and
 * stream alike; the last step repeats), every call's options kept in
 * `doGenerateCalls` / `doStreamCalls`.
 */
export function scriptedModel(steps: readonly ScriptedStep[]): MockLanguageModelV3 {
  let calls = 0;
  const next = () => {
    const index = calls;
    calls += 1;
    const step = steps[Math.min(index, steps.length - 1)];
    if (!step) throw new Error('a scripted model needs at least one step');
    return { step, index };
  };
  return new MockLanguageModelV3({
    doGenerate: async (): Promise<LanguageModelV3GenerateResult> => {
      const { step, index } = next();
      return { content: contentOf(step, index), finishReason: finishOf(step), usage, warnings: [] };
    },
    doStream: async () => {
      const { step, index } = next();
      const chunks = streamPartsOf(step, index);
      return {
        stream: simulateReadableStream({ chunks, initialDelayInMs: null, chunkDelayInMs: null }),
      };
    },
  });
}

/** A model answer: prose, then the ops object in a json fence, as `instructions()` teach it. */
export const answerWithOps = (prose: string, ops: readonly unknown[]): string =>
  `${prose}\n\n\`\`\`json\n${JSON.stringify({ ops })}\n\`\`\``;
