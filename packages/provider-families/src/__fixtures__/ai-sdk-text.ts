import { generateText } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { aiSdkUsage } from './ai-sdk-usage.js';

/** A real `generateText` result (the SDK's own class) whose model answered two text parts. */
export const aiSdkText = await generateText({
  model: new MockLanguageModelV3({
    doGenerate: {
      content: [
        { type: 'text', text: '{"ops":[{"op":"add",' },
        { type: 'text', text: '"text":"The user is vegetarian."}]}' },
      ],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage: aiSdkUsage,
      warnings: [],
      response: { id: 'resp-{"ops":[]}', modelId: 'mock-model-id' },
    },
  }),
  prompt: 'What should be remembered?',
});
