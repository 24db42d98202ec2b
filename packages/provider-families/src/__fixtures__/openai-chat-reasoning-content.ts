import type OpenAI from 'openai';

/** The message of an OpenAI-compatible reasoning server (DeepSeek, vLLM): reasoning beside content. */
type ReasoningMessage = OpenAI.ChatCompletionMessage & { reasoning_content: string };

type ReasoningCompletion = Omit<OpenAI.ChatCompletion, 'choices'> & {
  choices: Array<Omit<OpenAI.ChatCompletion.Choice, 'message'> & { message: ReasoningMessage }>;
};

/** Reasoning that drafts a JSON object which is not the answer, then the answer. */
export const openaiChatReasoningContent = {
  id: 'chatcmpl-reasoning',
  object: 'chat.completion',
  created: 1_764_494_400,
  model: 'deepseek-reasoner',
  choices: [
    {
      index: 0,
      finish_reason: 'stop',
      logprobs: null,
      message: {
        role: 'assistant',
        reasoning_content: 'Maybe {"ops":[{"op":"delete","id":"m1"}]}? No, nothing changed.',
        content: '{"ops":[]}',
        refusal: null,
      },
    },
  ],
} satisfies ReasoningCompletion;
