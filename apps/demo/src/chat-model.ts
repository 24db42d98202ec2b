import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import { LocalModel } from './local-model/local-model.js';

/** The model `chat` talks to, and how it was chosen. */
export interface ChatModel {
  readonly model: LanguageModelV3;
  readonly description: string;
}

/**
 * A real model through the Vercel AI SDK when `OPENAI_API_KEY`,
 * `ANTHROPIC_API_KEY` or `GOOGLE_GENERATIVE_AI_API_KEY` is set (first found,
 * model name from `SYMFONIC_MODEL` or a small default), the local model
 * otherwise. Either is an AI SDK language model, wrapped by the same memory
 * middleware.
 */
export function chooseChatModel(environment: NodeJS.ProcessEnv = process.env): ChatModel {
  const override = environment.SYMFONIC_MODEL;
  if (environment.OPENAI_API_KEY) {
    const name = override ?? 'gpt-4o-mini';
    return {
      model: createOpenAI({ apiKey: environment.OPENAI_API_KEY })(name),
      description: `OpenAI ${name}`,
    };
  }
  if (environment.ANTHROPIC_API_KEY) {
    const name = override ?? 'claude-3-5-haiku-latest';
    return {
      model: createAnthropic({ apiKey: environment.ANTHROPIC_API_KEY })(name),
      description: `Anthropic ${name}`,
    };
  }
  if (environment.GOOGLE_GENERATIVE_AI_API_KEY) {
    const name = override ?? 'gemini-2.0-flash';
    return {
      model: createGoogleGenerativeAI({ apiKey: environment.GOOGLE_GENERATIVE_AI_API_KEY })(name),
      description: `Google ${name}`,
    };
  }
  return { model: new LocalModel(), description: 'the local model (no API key set)' };
}
