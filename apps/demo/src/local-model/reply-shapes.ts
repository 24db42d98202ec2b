/**
 * Replies in real providers' wire shapes (Anthropic Messages, OpenAI Chat
 * Completions, Gemini generateContent), so the demo's local model exercises
 * the same reader a real provider's reply goes through. Each carries the
 * envelope a real reply has (ids, usage, finish reasons), and the Anthropic and
 * Gemini ones a thinking part holding a draft JSON block that is not the answer.
 */
export const ReplyShape = {
  anthropic: 'anthropic',
  openaiChat: 'openai-chat',
  gemini: 'gemini',
} as const;

/** One of the shapes the local model answers in. */
export type ReplyShape = (typeof ReplyShape)[keyof typeof ReplyShape];

const model = 'symfonic-local-1';

/** What the local model thought and said, before it is wrapped in a provider's shape. */
export interface LocalAnswer {
  readonly thinking: string;
  readonly text: string;
  readonly sequence: number;
}

const tokens = (text: string) => Math.ceil(text.length / 4);

/** An Anthropic Messages API response: a thinking block, then the text block. */
export function anthropicReply(answer: LocalAnswer) {
  return {
    id: `msg_local_${String(answer.sequence).padStart(4, '0')}`,
    type: 'message',
    role: 'assistant',
    model,
    content: [
      { type: 'thinking', thinking: answer.thinking, signature: 'bG9jYWwtc2lnbmF0dXJl' },
      { type: 'text', text: answer.text, citations: null },
    ],
    stop_reason: 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: 512, output_tokens: tokens(answer.text), cache_read_input_tokens: 0 },
  };
}

/** An OpenAI Chat Completions response: the first choice's message content. */
export function openAiChatReply(answer: LocalAnswer) {
  return {
    id: `chatcmpl-local${answer.sequence}`,
    object: 'chat.completion',
    created: 1_764_460_800 + answer.sequence,
    model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: answer.text, refusal: null, annotations: [] },
        logprobs: null,
        finish_reason: 'stop',
      },
    ],
    usage: {
      prompt_tokens: 512,
      completion_tokens: tokens(answer.text),
      total_tokens: 512 + tokens(answer.text),
    },
    system_fingerprint: 'fp_local',
  };
}

/** A Gemini generateContent response: a thought part, then the answer part. */
export function geminiReply(answer: LocalAnswer) {
  return {
    candidates: [
      {
        content: {
          role: 'model',
          parts: [{ text: answer.thinking, thought: true }, { text: answer.text }],
        },
        finishReason: 'STOP',
        index: 0,
        safetyRatings: [{ category: 'HARM_CATEGORY_HARASSMENT', probability: 'NEGLIGIBLE' }],
      },
    ],
    usageMetadata: {
      promptTokenCount: 512,
      candidatesTokenCount: tokens(answer.text),
      totalTokenCount: 600,
    },
    modelVersion: model,
    responseId: `local-${answer.sequence}`,
  };
}

/** `answer` wrapped in `shape`. */
export function replyInShape(shape: ReplyShape, answer: LocalAnswer): unknown {
  if (shape === ReplyShape.anthropic) return anthropicReply(answer);
  if (shape === ReplyShape.openaiChat) return openAiChatReply(answer);
  return geminiReply(answer);
}
