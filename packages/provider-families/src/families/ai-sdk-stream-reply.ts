import { isRecord } from '@symfonic/core';
import type { ProviderReply } from '../provider-reply.js';
import { ReplyCollector } from '../reply-collector.js';
import { boundedLength } from '../reply-limits.js';
import { toolCallOfBlock } from '../tool-call-of-block.js';

/**
 * The part types of a language model's stream (`LanguageModelV3StreamPart`,
 * `LanguageModelV4StreamPart`), by what the reader does with them: text deltas are the answer,
 * reasoning is named `reasoning`, the `tool-input-*` parts are fragments of the `tool-call` part
 * that follows them and say nothing of their own, and the stream's metadata is never named.
 */
const streamPartTypes = {
  text: new Set(['text-start', 'text-delta', 'text-end']),
  reasoning: new Set(['reasoning-start', 'reasoning-delta', 'reasoning-end']),
  toolInput: new Set(['tool-input-start', 'tool-input-delta', 'tool-input-end']),
  metadata: new Set(['stream-start', 'response-metadata', 'finish', 'raw']),
  named: new Set(['tool-call', 'tool-result', 'tool-approval-request', 'file', 'source', 'error']),
} as const;

/**
 * The part types of a `doGenerate` result's `content` that a stream spells otherwise (`text`
 * streams as `text-delta`s): an array holding one is content, not a stream, and is not read here.
 */
const contentOnlyTypes: ReadonlySet<string> = new Set(['text', 'reasoning']);

const isKnownType = (type: string) =>
  Object.values(streamPartTypes).some((types) => types.has(type));

function isTypedPart(value: unknown): value is Record<PropertyKey, unknown> {
  return isRecord(value) && typeof value.type === 'string';
}

/**
 * Reads the parts a language model streamed (an array of `LanguageModelV3StreamPart` or
 * `LanguageModelV4StreamPart`, what a middleware's `wrapStream` sees go by), aggregated as the
 * AI SDK aggregates them: the `text-delta`s of each text id joined in order, the texts in the
 * order they started; each `tool-call` part a tool call (its `input` a JSON string, parsed);
 * `reasoning-*` parts named `reasoning`; `tool-result`, `tool-approval-request`, `file`,
 * `source` and `error` parts named by their type. `stream-start`, `response-metadata`, `finish`
 * and `raw` are metadata. A part of any other type (AI SDK 7's `ping` and `custom`, a type a
 * later version adds) says nothing the reader knows: it is skipped and named by its type in
 * `ignored`, and never makes the stream unreadable.
 *
 * @returns `undefined` unless `parts` is a non-empty array of typed parts (objects with a string
 * `type`), at least one of a type named above, and none a `text` or `reasoning` content part (a
 * `doGenerate` result's content, which a stream spells as deltas).
 * @throws ReplyTooLarge when `parts` is longer than `maxReplyItems` (nothing is read).
 */
export function readAiSdkStreamReply(parts: readonly unknown[]): ProviderReply | undefined {
  const count = boundedLength(parts);
  if (count === 0) return undefined;
  let known = false;
  for (let index = 0; index < count; index++) {
    const part = parts[index];
    if (!isTypedPart(part) || contentOnlyTypes.has(part.type as string)) return undefined;
    known ||= isKnownType(part.type as string);
  }
  if (!known) return undefined;
  const collector = new ReplyCollector();
  const texts = new Map<unknown, string[]>();
  for (let index = 0; index < count; index++) {
    const part = parts[index] as Record<PropertyKey, unknown>;
    const type = part.type as string;
    if (streamPartTypes.text.has(type)) {
      const deltas = texts.get(part.id) ?? [];
      texts.set(part.id, deltas);
      if (type === 'text-delta' && typeof part.delta === 'string') deltas.push(part.delta);
    } else if (streamPartTypes.reasoning.has(type)) {
      collector.ignore('reasoning');
    } else if (streamPartTypes.named.has(type)) {
      const call = toolCallOfBlock(part);
      if (call) collector.addToolCall(call);
      else collector.ignore(type);
    } else if (!isKnownType(type)) {
      collector.ignore(type);
    }
  }
  for (const deltas of texts.values()) collector.addText(deltas.join(''));
  return collector.reply('ai-sdk');
}
