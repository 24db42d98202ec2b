import { describe, expect, it } from 'vitest';
import { chooseChatModel } from './chat-model.js';
import { LocalModel } from './local-model/local-model.js';

describe('chooseChatModel', () => {
  it('uses the local model when no API key is set', () => {
    const chosen = chooseChatModel({});
    expect(chosen.model).toBeInstanceOf(LocalModel);
    expect(chosen.description).toBe('the local model (no API key set)');
  });

  it('picks the first provider whose key is set, with SYMFONIC_MODEL overriding the model', () => {
    expect(chooseChatModel({ OPENAI_API_KEY: 'sk-test' }).description).toBe('OpenAI gpt-4o-mini');
    expect(chooseChatModel({ ANTHROPIC_API_KEY: 'key' }).description).toBe(
      'Anthropic claude-3-5-haiku-latest',
    );
    expect(
      chooseChatModel({ GOOGLE_GENERATIVE_AI_API_KEY: 'key', SYMFONIC_MODEL: 'gemini-2.5-pro' })
        .description,
    ).toBe('Google gemini-2.5-pro');
  });
});
