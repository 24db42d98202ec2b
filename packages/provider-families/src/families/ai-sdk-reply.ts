import type { ProviderReply } from '../provider-reply.js';
import { readTypedBlocks } from '../read-typed-blocks.js';
import { ReplyCollector } from '../reply-collector.js';

const answerPartTypes: ReadonlySet<string> = new Set(['text']);

/**
 * Reads a Vercel AI SDK `generateText` result (a `steps` list and a `content` part list, the
 * final step's): its `text` parts in order. Every other part type (`reasoning`, `tool-call`,
 * `tool-result`, `file`, `source`…) is named in `ignored`. Only `steps` and `content` are read,
 * so the result's other getters (some of which throw) are never touched.
 *
 * @returns `undefined` when `value` is not that shape.
 */
export function readAiSdkReply(value: Record<PropertyKey, unknown>): ProviderReply | undefined {
  if (!Array.isArray(value.steps)) return undefined;
  const content = value.content;
  if (!Array.isArray(content)) return undefined;
  const collector = new ReplyCollector();
  readTypedBlocks(content, answerPartTypes, collector);
  return collector.reply('ai-sdk');
}
