import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { memoryToolName } from '@symfonic/memory';
import type { FixtureReply, ToolReplyShape } from '@symfonic/surface-contract/tool-replies';
import { generateText, jsonSchema, tool } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { aiSdkMemoryTool } from '../ai-sdk-memory-tool.js';
import { aiSdkUsage } from './ai-sdk-models.js';

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

/**
 * The AI SDK's tool-calling shapes `remember` reads, for the tool-reply suite of
 * `@symfonic/surface-contract/tool-replies` (which `@symfonic/memory` runs on every other
 * family's shapes): a `generateText` result, and the stream parts a middleware sees. Both hand
 * the arguments over as the model wrote them, and `remember` names an unread call `tool-call`.
 */
export const aiSdkToolCallShapes: readonly ToolReplyShape[] = [
  {
    name: 'ai-sdk (generateText)',
    family: 'ai-sdk',
    rawArguments: true,
    callKind: 'tool-call',
    reply: aiSdkToolReply,
  },
  {
    name: 'ai-sdk (model stream parts)',
    family: 'ai-sdk',
    rawArguments: true,
    callKind: 'tool-call',
    reply: aiSdkStreamToolReply,
  },
];
