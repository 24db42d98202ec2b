import type Anthropic from '@anthropic-ai/sdk';
import type { FunctionDeclaration, Tool as GeminiTool } from '@google/genai';
import { isLangChainTool, type StructuredToolParams } from '@langchain/core/tools';
import { convertToOpenAITool } from '@langchain/core/utils/function_calling';
import type OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { anthropicMemoryTool } from './anthropic-memory-tool.js';
import { geminiMemoryTool } from './gemini-memory-tool.js';
import { langChainMemoryTool } from './langchain-memory-tool.js';
import { memoryToolDescription, memoryToolInputSchema, memoryToolName } from './memory-tool.js';
import { modelOpsPayloadSchema } from './model-op.js';
import { openaiChatMemoryTool } from './openai-chat-memory-tool.js';
import { openaiResponsesMemoryTool } from './openai-responses-memory-tool.js';

describe('the memory tool definitions', () => {
  it('derive their input schema from the op schema remember validates with', () => {
    const schema = memoryToolInputSchema();
    const { $schema: _dialect, ...derived } = z.toJSONSchema(modelOpsPayloadSchema, {
      io: 'input',
    });
    expect(schema).toEqual(derived);
    expect(schema).toMatchObject({ type: 'object', required: ['ops'] });
    expect(JSON.stringify(schema)).not.toContain('"id"');
    expect(memoryToolInputSchema()).not.toBe(schema);
  });

  it('are each the SDK type of their format, named memory_ops unless renamed', () => {
    const anthropic: Anthropic.Tool = anthropicMemoryTool();
    const chat: OpenAI.Chat.ChatCompletionFunctionTool = openaiChatMemoryTool();
    const responses: OpenAI.Responses.FunctionTool = openaiResponsesMemoryTool();
    const gemini: FunctionDeclaration = geminiMemoryTool();
    const geminiTools: GeminiTool[] = [{ functionDeclarations: [gemini] }];
    expect([anthropic.name, chat.function.name, responses.name, gemini.name]).toEqual([
      memoryToolName,
      memoryToolName,
      memoryToolName,
      memoryToolName,
    ]);
    expect(anthropic.description).toBe(memoryToolDescription);
    expect(anthropic.input_schema).toEqual(memoryToolInputSchema());
    expect(chat.function.parameters).toEqual(memoryToolInputSchema());
    expect(responses).toMatchObject({ strict: false, parameters: memoryToolInputSchema() });
    expect(geminiTools[0]?.functionDeclarations?.[0]?.parametersJsonSchema).toEqual(
      memoryToolInputSchema(),
    );
    const renamed = anthropicMemoryTool({ name: 'remember_this', description: 'Remember.' });
    expect([renamed.name, renamed.description]).toEqual(['remember_this', 'Remember.']);
  });

  it('give LangChain a tool in the format its bindTools takes', () => {
    expect(convertToOpenAITool(openaiChatMemoryTool())).toEqual(openaiChatMemoryTool());
  });

  it('give LangChain a tool definition of its own, which bindTools turns into the same function tool', () => {
    const tool: StructuredToolParams = langChainMemoryTool();
    expect(isLangChainTool(tool)).toBe(true);
    expect(convertToOpenAITool(tool)).toEqual(openaiChatMemoryTool());
    const renamed = langChainMemoryTool({ name: 'remember_this' });
    expect(convertToOpenAITool(renamed).function.name).toBe('remember_this');
  });
});
