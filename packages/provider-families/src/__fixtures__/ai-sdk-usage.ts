/** The usage a mock AI SDK model reports: metadata the reader must never touch. */
export const aiSdkUsage = {
  inputTokens: { total: 12, noCache: 12, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 30, text: 10, reasoning: 20 },
};
