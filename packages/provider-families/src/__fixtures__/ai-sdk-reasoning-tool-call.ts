import { generateText, jsonSchema, tool } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { aiSdkUsage } from './ai-sdk-usage.js';

/**
 * A real `generateText` result whose model reasoned (drafting a JSON object that is not the
 * answer), cited a source, called a tool and answered.
 */
export const aiSdkReasoningToolCall = await generateText({
  model: new MockLanguageModelV3({
    doGenerate: {
      content: [
        { type: 'reasoning', text: 'Draft {"ops":[{"op":"add","text":"wrong"}]}: no.' },
        {
          type: 'source',
          sourceType: 'url',
          id: 'source-1',
          url: 'https://example.com/{page}',
          title: 'A {source}',
        },
        {
          type: 'tool-call',
          toolCallId: 'call-1',
          toolName: 'lookup',
          input: '{"query":"{weather}"}',
        },
        { type: 'text', text: '{"ops":[]}' },
      ],
      finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
      usage: aiSdkUsage,
      warnings: [],
    },
  }),
  tools: {
    lookup: tool({
      description: 'Looks something up.',
      inputSchema: jsonSchema<{ query: string }>({
        type: 'object',
        properties: { query: { type: 'string' } },
        required: ['query'],
      }),
    }),
  },
  prompt: 'What should be remembered?',
});
