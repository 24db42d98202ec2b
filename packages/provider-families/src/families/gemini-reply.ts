import { isRecord } from '@symfonic/core';
import type { ProviderReply } from '../provider-reply.js';
import { ReplyCollector } from '../reply-collector.js';
import { boundedLength } from '../reply-limits.js';
import { toolCallOf } from '../tool-call-input.js';

/** Part fields that describe a payload rather than being one: never named. */
const partMetadata: ReadonlySet<string> = new Set([
  'thought',
  'thoughtSignature',
  'videoMetadata',
  'mediaResolution',
  'partMetadata',
]);

function readPart(part: Record<PropertyKey, unknown>, collector: ReplyCollector): void {
  if (part.thought === true) {
    collector.ignore('thought');
    return;
  }
  const text = part.text;
  if (typeof text === 'string') {
    collector.addText(text);
    return;
  }
  const call = part.functionCall;
  if (isRecord(call) && typeof call.name === 'string') {
    collector.addToolCall(toolCallOf('functionCall', call.id, call.name, call.args ?? {}));
    return;
  }
  const payload = Object.keys(part).find(
    (key) => !partMetadata.has(key) && part[key] !== undefined,
  );
  if (payload !== undefined) collector.ignore(payload);
}

/**
 * Reads a Gemini `generateContent` response (a `candidates` list, or a `promptFeedback` alone
 * when the prompt was blocked): the text parts of the first candidate, in order. Other candidates
 * are not read. A thought part is named `thought`; any other non-text part is named by its
 * payload key (`functionCall`, `inlineData`, `executableCode`…), and a `functionCall` part is
 * also a tool call (`id` when Gemini gave one, `name`, `args` as the input). Safety ratings, finish reasons,
 * thought signatures and usage are metadata and never named.
 *
 * @throws ReplyTooLarge when a list is longer than `maxReplyItems`.
 * @returns `undefined` when `value` is not that shape; a readable reply with `text: ''` for a
 * blocked prompt or a candidate without content.
 */
export function readGeminiReply(value: Record<PropertyKey, unknown>): ProviderReply | undefined {
  if (!isGeminiResponse(value)) return undefined;
  const collector = new ReplyCollector();
  readFirstCandidate(value, collector);
  return collector.reply('gemini');
}

/** Whether `value` is a `generateContent` response: `candidates`, or a `promptFeedback` alone. */
function isGeminiResponse(value: unknown): value is Record<PropertyKey, unknown> {
  if (!isRecord(value)) return false;
  const candidates = value.candidates;
  return Array.isArray(candidates) || (candidates === undefined && isRecord(value.promptFeedback));
}

/** Reads the parts of `response`'s first candidate into `collector`. */
function readFirstCandidate(
  response: Record<PropertyKey, unknown>,
  collector: ReplyCollector,
): void {
  const candidates = response.candidates;
  const firstCandidate: unknown = Array.isArray(candidates) ? candidates[0] : undefined;
  const content = isRecord(firstCandidate) ? firstCandidate.content : undefined;
  const parts = isRecord(content) ? content.parts : undefined;
  if (!Array.isArray(parts)) return;
  const count = boundedLength(parts);
  for (let index = 0; index < count; index++) {
    const part: unknown = parts[index];
    if (isRecord(part)) readPart(part, collector);
  }
}

/**
 * Reads the chunks a Gemini stream yielded (`generateContentStream`: an array of
 * `generateContent` responses), aggregated: the parts of each chunk's first candidate in order,
 * as one reply (text split over chunks is joined; a `functionCall` part arrives whole in one
 * chunk). Each chunk is read by the rules of {@link readGeminiReply}.
 *
 * @throws ReplyTooLarge when the chunks, or a chunk's parts, are more than `maxReplyItems`.
 * @returns `undefined` unless `chunks` is a non-empty array of Gemini responses only.
 */
export function readGeminiStreamReply(chunks: readonly unknown[]): ProviderReply | undefined {
  const count = boundedLength(chunks);
  if (count === 0) return undefined;
  for (let index = 0; index < count; index++) {
    if (!isGeminiResponse(chunks[index])) return undefined;
  }
  const collector = new ReplyCollector();
  for (let index = 0; index < count; index++) {
    readFirstCandidate(chunks[index] as Record<PropertyKey, unknown>, collector);
  }
  return collector.reply('gemini');
}
