import type OpenAI from 'openai';

/** An audio reply: the spoken answer is in `audio`, with a transcript that is not read as text. */
export const openaiChatAudio = {
  id: 'chatcmpl-audio',
  object: 'chat.completion',
  created: 1_764_494_400,
  model: 'gpt-4o-audio-preview',
  choices: [
    {
      index: 0,
      finish_reason: 'stop',
      logprobs: null,
      message: {
        role: 'assistant',
        content: null,
        refusal: null,
        audio: {
          id: 'audio_abc123',
          data: 'UklGRiQAAABXQVZFZm10IBAAAAABAAEA',
          expires_at: 1_764_498_000,
          transcript: 'Hello there!',
        },
      },
    },
  ],
} satisfies OpenAI.ChatCompletion;
