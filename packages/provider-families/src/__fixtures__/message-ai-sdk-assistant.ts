import type { AssistantModelMessage } from 'ai';

/** An AI SDK assistant `ModelMessage`: reasoning, a tool call and text parts. */
export const messageAiSdkAssistant = {
  role: 'assistant',
  content: [
    { type: 'reasoning', text: 'Draft {"ops":["wrong"]}' },
    { type: 'tool-call', toolCallId: 'call-1', toolName: 'lookup', input: { query: 'x' } },
    { type: 'text', text: '{"ops":[]}' },
  ],
} satisfies AssistantModelMessage;
