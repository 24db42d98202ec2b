import { AIMessage } from '@langchain/core/messages';

/** A real `AIMessage` with string content and usage metadata holding braces. */
export const langchainString = new AIMessage({
  content: '{"ops":[{"op":"add","text":"The user prefers tea."}]}',
  id: 'run-{"ops":[]}',
  response_metadata: { model_name: 'gpt-4o', note: '{"ops":[]}' },
  usage_metadata: { input_tokens: 10, output_tokens: 20, total_tokens: 30 },
});
