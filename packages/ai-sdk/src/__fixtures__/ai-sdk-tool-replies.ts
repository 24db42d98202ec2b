import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { memoryToolName, type ToolResultFamily } from '@symfonic/memory';
import { generateText, jsonSchema, tool } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { aiSdkMemoryTool } from '../ai-sdk-memory-tool.js';
import { aiSdkUsage } from './ai-sdk-models.js';

/**
 * One tool call of a fixture: its id, tool name and arguments as the model wrote them (a JSON
 * string).
 */
export interface FixtureCall {
  readonly id: string;
  readonly name: string;
  readonly arguments: string;
}

/** A memory tool call with `input` as its arguments. */
export function memoryCall(id: string, input: unknown): FixtureCall {
  return { id, name: memoryToolName, arguments: JSON.stringify(input) };
}

/** A call of another tool, which `remember` must leave alone. */
export const weatherCall: FixtureCall = {
  id: 'call_weather',
  name: 'get_weather',
  arguments: '{"city":"Lyon"}',
};

/** What one reply holds: an optional answer text, then its tool calls in order. */
export interface FixtureReply {
  readonly text?: string;
  readonly calls: readonly FixtureCall[];
}

/** The stream parts an AI SDK language model yields for the reply, as a middleware sees them. */
export function aiSdkStreamToolReply({ text, calls }: FixtureReply): LanguageModelV3StreamPart[] {
  const parts: LanguageModelV3StreamPart[] = [{ type: 'stream-start', warnings: [] }];
  if (text !== undefined) {
    parts.push({ type: 'text-start', id: 'text-1' });
    for (const delta of [text.slice(0, 3), text.slice(3)]) {
      parts.push({ type: 'text-delta', id: 'text-1', delta });
    }
    parts.push({ type: 'text-end', id: 'text-1' });
  }
  for (const call of calls) {
    parts.push({ type: 'tool-input-start', id: call.id, toolName: call.name });
    parts.push({ type: 'tool-input-delta', id: call.id, delta: call.arguments });
    parts.push({ type: 'tool-input-end', id: call.id });
    parts.push({
      type: 'tool-call',
      toolCallId: call.id,
      toolName: call.name,
      input: call.arguments,
    });
  }
  parts.push({
    type: 'finish',
    usage: aiSdkUsage,
    finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
  });
  return parts;
}

/** A real `generateText` result whose mock model answered the reply, with the memory tool given. */
export async function aiSdkToolReply({ text, calls }: FixtureReply): Promise<unknown> {
  return generateText({
    model: new MockLanguageModelV3({
      doGenerate: {
        content: [
          ...(text === undefined ? [] : [{ type: 'text' as const, text }]),
          ...calls.map((call) => ({
            type: 'tool-call' as const,
            toolCallId: call.id,
            toolName: call.name,
            input: call.arguments,
          })),
        ],
        finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
        usage: aiSdkUsage,
        warnings: [],
      },
    }),
    tools: {
      [memoryToolName]: aiSdkMemoryTool(),
      get_weather: tool({
        description: 'The weather in a city.',
        inputSchema: jsonSchema<{ city: string }>({
          type: 'object',
          properties: { city: { type: 'string' } },
          required: ['city'],
        }),
      }),
    },
    prompt: 'Hello',
  });
}

/** One AI SDK tool-calling reply shape, built from a {@link FixtureReply}. */
export interface ToolCallShape {
  readonly name: string;
  /** The family whose `toolResult` answers it. */
  readonly family: ToolResultFamily;
  /** Whether the shape hands arguments over as the model wrote them (so malformed JSON reaches the reader). */
  readonly rawArguments: boolean;
  reply(fixture: FixtureReply): unknown | Promise<unknown>;
}

/**
 * The AI SDK's tool-calling shapes `remember` reads: a `generateText` result, and the stream
 * parts a middleware sees. Both hand the arguments over as the model wrote them.
 */
export const aiSdkToolCallShapes: readonly ToolCallShape[] = [
  { name: 'ai-sdk (generateText)', family: 'ai-sdk', rawArguments: true, reply: aiSdkToolReply },
  {
    name: 'ai-sdk (model stream parts)',
    family: 'ai-sdk',
    rawArguments: true,
    reply: aiSdkStreamToolReply,
  },
];
