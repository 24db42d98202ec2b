/**
 * The reply shapes {@link readReply} knows how to read, one per provider family, plus `unknown`
 * for every value it refuses to read. The values are stable strings, fit to store as a memory's
 * provenance (`replyFamily`).
 */
export const ProviderFamily = {
  /** A plain string, read verbatim. */
  text: 'text',
  /** A LangChain.js `AIMessage` or `AIMessageChunk`, from any copy of `@langchain/core`. */
  langchain: 'langchain',
  /** An Anthropic Messages API response (`type: "message"`, `role: "assistant"`). */
  anthropic: 'anthropic',
  /** An OpenAI Chat Completions response (`object: "chat.completion"`). */
  openaiChat: 'openai-chat',
  /** An OpenAI Responses API response (`object: "response"`). */
  openaiResponses: 'openai-responses',
  /** A Gemini `generateContent` response (`candidates`, or `promptFeedback` alone). */
  gemini: 'gemini',
  /** A Vercel AI SDK `generateText` result. */
  aiSdk: 'ai-sdk',
  /** A bare role-tagged assistant message (`{ role: "assistant", content }`). */
  message: 'message',
  /** Any other value, including a lone streaming event; never stringified. */
  unknown: 'unknown',
} as const;

/** One of the values of {@link ProviderFamily}: `'text' | 'langchain' | … | 'unknown'`. */
export type ProviderFamily = (typeof ProviderFamily)[keyof typeof ProviderFamily];
