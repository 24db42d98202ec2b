import type { ProviderReply } from '../provider-reply.js';
import { readTypedBlocks } from '../read-typed-blocks.js';
import { ReplyCollector } from '../reply-collector.js';
import { toolCallOfBlock } from '../tool-call-of-block.js';

const answerPartTypes: ReadonlySet<string> = new Set(['text']);

/** A `generateText` result: a `steps` list beside the final step's `content`. */
function isGenerateTextResult(value: Record<PropertyKey, unknown>): boolean {
  return Array.isArray(value.steps);
}

/**
 * A language model's own `doGenerate` result (`LanguageModelV3GenerateResult`, what a
 * middleware's `wrapGenerate` is handed): `content`, `finishReason`, `usage` and a `warnings`
 * list, and no `role` (a message is read by the message family).
 */
function isModelGenerateResult(value: Record<PropertyKey, unknown>): boolean {
  return (
    Array.isArray(value.warnings) &&
    value.finishReason !== undefined &&
    value.usage !== undefined &&
    value.role === undefined
  );
}

/**
 * Reads a Vercel AI SDK result: a `generateText` result (a `steps` list and a `content` part
 * list, the final step's), or a language model's own `doGenerate` result (the content parts a
 * middleware sees). Its `text` parts are the answer, in order. `tool-call` parts are tool calls
 * (the model level carries `input` as a JSON string, parsed here; `generateText` has parsed it,
 * and reports an `invalid` call with its error) and are named; every other part type
 * (`reasoning`, `tool-result`, `file`, `source`…) is named in `ignored`. Only `steps`,
 * `content` and the shape markers are read, so the result's other getters (some of which throw)
 * are never touched.
 *
 * @returns `undefined` when `value` is neither shape.
 */
export function readAiSdkReply(value: Record<PropertyKey, unknown>): ProviderReply | undefined {
  const content = value.content;
  if (!Array.isArray(content)) return undefined;
  if (!isGenerateTextResult(value) && !isModelGenerateResult(value)) return undefined;
  const collector = new ReplyCollector();
  readTypedBlocks(content, answerPartTypes, collector, toolCallOfBlock);
  return collector.reply('ai-sdk');
}
