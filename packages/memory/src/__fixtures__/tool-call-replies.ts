import type Anthropic from '@anthropic-ai/sdk';
import { FinishReason, type GenerateContentResponse } from '@google/genai';
import { AIMessage, AIMessageChunk } from '@langchain/core/messages';
import type {
  FixtureCall,
  FixtureReply,
  ToolReplyShape,
} from '@symfonic/surface-contract/tool-replies';
import type OpenAI from 'openai';
import { anthropicMessage, openaiChatCompletion } from './provider-replies.js';

function parsedArguments(call: FixtureCall): Record<string, unknown> {
  return JSON.parse(call.arguments) as Record<string, unknown>;
}

/** An Anthropic Messages response: a text block, then `tool_use` blocks. */
export function anthropicToolReply({ text, calls }: FixtureReply): Anthropic.Message {
  const content: Anthropic.ContentBlock[] = [];
  if (text !== undefined) content.push({ type: 'text', text, citations: null });
  for (const call of calls) {
    content.push({
      type: 'tool_use',
      id: call.id,
      name: call.name,
      input: parsedArguments(call),
      caller: { type: 'direct' },
    });
  }
  return anthropicMessage(content, 'tool_use');
}

/** An OpenAI Chat Completions response whose message has `tool_calls` (arguments as strings). */
export function openaiChatToolReply({ text, calls }: FixtureReply): OpenAI.ChatCompletion {
  return openaiChatCompletion(
    {
      role: 'assistant',
      content: text ?? null,
      refusal: null,
      tool_calls: calls.map((call) => ({
        id: call.id,
        type: 'function',
        function: { name: call.name, arguments: call.arguments },
      })),
    },
    'tool_calls',
  );
}

/** An OpenAI Responses response: a message item, then `function_call` items. */
export function openaiResponsesToolReply({
  text,
  calls,
}: FixtureReply): Omit<OpenAI.Responses.Response, 'output_text'> {
  const output: OpenAI.Responses.ResponseOutputItem[] = [];
  if (text !== undefined) {
    output.push({
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      status: 'completed',
      content: [{ type: 'output_text', text, annotations: [], logprobs: [] }],
    });
  }
  for (const call of calls) {
    output.push({
      id: `fc_${call.id}`,
      call_id: call.id,
      type: 'function_call',
      name: call.name,
      arguments: call.arguments,
      status: 'completed',
    });
  }
  return {
    id: 'resp_tool_calls',
    object: 'response',
    created_at: 1_764_494_400,
    model: 'gpt-5',
    error: null,
    incomplete_details: null,
    instructions: null,
    metadata: {},
    parallel_tool_calls: true,
    temperature: 1,
    tool_choice: 'auto',
    tools: [],
    top_p: 1,
    status: 'completed',
    output,
  };
}

/** A Gemini response (as JSON): a text part, then `functionCall` parts. */
export function geminiToolReply({
  text,
  calls,
}: FixtureReply): Pick<GenerateContentResponse, 'candidates' | 'modelVersion'> {
  return {
    modelVersion: 'gemini-2.5-flash',
    candidates: [
      {
        index: 0,
        finishReason: FinishReason.STOP,
        content: {
          role: 'model',
          parts: [
            ...(text === undefined ? [] : [{ text }]),
            ...calls.map((call) => ({
              functionCall: { id: call.id, name: call.name, args: parsedArguments(call) },
            })),
          ],
        },
      },
    ],
  };
}

/**
 * The chunks `generateContentStream` yields for the same reply: the text split over two chunks,
 * then one chunk per function call (Gemini streams a call whole).
 */
export function geminiStreamedToolReply(
  fixture: FixtureReply,
): Pick<GenerateContentResponse, 'candidates' | 'modelVersion'>[] {
  const whole = geminiToolReply(fixture);
  const parts = whole.candidates?.[0]?.content?.parts ?? [];
  const chunkOf = (chunkParts: typeof parts) => ({
    modelVersion: whole.modelVersion,
    candidates: [{ index: 0, content: { role: 'model', parts: chunkParts } }],
  });
  const chunks = [];
  for (const part of parts) {
    if (typeof part.text === 'string') {
      const cut = Math.floor(part.text.length / 2);
      chunks.push(
        chunkOf([{ text: part.text.slice(0, cut) }]),
        chunkOf([{ text: part.text.slice(cut) }]),
      );
    } else {
      chunks.push(chunkOf([part]));
    }
  }
  return chunks;
}

/** A LangChain `AIMessage` with `tool_calls` (arguments parsed, as every chat model builds them). */
export function langchainToolReply({ text, calls }: FixtureReply): AIMessage {
  return new AIMessage({
    content: text ?? '',
    tool_calls: calls.map((call) => ({
      id: call.id,
      name: call.name,
      args: parsedArguments(call),
      type: 'tool_call' as const,
    })),
  });
}

/**
 * The `AIMessageChunk`s a streaming chat model yields for the same reply (the text in two
 * deltas, each call's arguments split in two `tool_call_chunks`), concatenated as `stream()`
 * callers build the final message. Arguments that are not JSON become `invalid_tool_calls`.
 */
export function langchainStreamedToolReply({ text, calls }: FixtureReply): AIMessageChunk {
  const half = (value: string) => Math.floor(value.length / 2);
  const chunks: AIMessageChunk[] = [];
  if (text !== undefined) {
    chunks.push(new AIMessageChunk({ content: text.slice(0, half(text)) }));
    chunks.push(new AIMessageChunk({ content: text.slice(half(text)) }));
  }
  calls.forEach((call, index) => {
    const cut = half(call.arguments);
    chunks.push(
      new AIMessageChunk({
        content: '',
        tool_call_chunks: [
          { index, id: call.id, name: call.name, args: call.arguments.slice(0, cut) },
        ],
      }),
    );
    chunks.push(
      new AIMessageChunk({
        content: '',
        tool_call_chunks: [{ index, args: call.arguments.slice(cut) }],
      }),
    );
  });
  return chunks.reduce((message, chunk) => message.concat(chunk), new AIMessageChunk(''));
}

/**
 * Every tool-calling shape the reader knows, streamed variants included, but the AI SDK's, for
 * the tool-reply suite of `@symfonic/surface-contract/tool-replies`: `@symfonic/ai-sdk` runs the
 * same suite on the AI SDK's shapes, since only it may import `ai`.
 */
export const toolCallShapes: readonly ToolReplyShape[] = [
  {
    name: 'anthropic',
    family: 'anthropic',
    rawArguments: false,
    callKind: 'tool_use',
    reply: anthropicToolReply,
  },
  {
    name: 'openai-chat',
    family: 'openai-chat',
    rawArguments: true,
    callKind: 'tool_calls',
    reply: openaiChatToolReply,
  },
  {
    name: 'openai-responses',
    family: 'openai-responses',
    rawArguments: true,
    callKind: 'function_call',
    reply: openaiResponsesToolReply,
  },
  {
    name: 'gemini',
    family: 'gemini',
    rawArguments: false,
    callKind: 'functionCall',
    reply: geminiToolReply,
  },
  {
    name: 'gemini (streamed chunks)',
    family: 'gemini',
    rawArguments: false,
    callKind: 'functionCall',
    reply: geminiStreamedToolReply,
  },
  {
    name: 'langchain',
    family: 'langchain',
    rawArguments: false,
    callKind: 'tool_calls',
    reply: langchainToolReply,
  },
  {
    name: 'langchain (streamed chunks)',
    family: 'langchain',
    rawArguments: true,
    callKind: 'tool_calls',
    reply: langchainStreamedToolReply,
  },
];
