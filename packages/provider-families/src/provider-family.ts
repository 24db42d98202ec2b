/**
 * The reply shapes {@link readReply} knows how to read, one per provider family, plus `unknown`
 * for everything it refuses to read.
 *
 * - `text`: a plain string.
 * - `langchain`: a LangChain.js `AIMessage` or `AIMessageChunk` (from any copy of `@langchain/core`).
 * - `anthropic`: an Anthropic Messages API response.
 * - `openai-chat`: an OpenAI Chat Completions response (`object: "chat.completion"`).
 * - `openai-responses`: an OpenAI Responses API response (`object: "response"`).
 * - `gemini`: a Gemini `generateContent` response.
 * - `ai-sdk`: a Vercel AI SDK `generateText` result.
 * - `message`: a bare role-tagged assistant message (`{ role: "assistant", content }`).
 * - `unknown`: any other value; it is never stringified.
 */
export const ProviderFamily = {
  text: 'text',
  langchain: 'langchain',
  anthropic: 'anthropic',
  openaiChat: 'openai-chat',
  openaiResponses: 'openai-responses',
  gemini: 'gemini',
  aiSdk: 'ai-sdk',
  message: 'message',
  unknown: 'unknown',
} as const;

/** One of the values of {@link ProviderFamily}: `'text' | 'langchain' | … | 'unknown'`. */
export type ProviderFamily = (typeof ProviderFamily)[keyof typeof ProviderFamily];
