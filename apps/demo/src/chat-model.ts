import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { generateText, type LanguageModel } from 'ai';
import type { ReplyingModel } from './demo-agent.js';
import { LocalModel } from './local-model/local-model.js';

/** The model `chat` talks to, and how it was chosen. */
export interface ChatModel {
  readonly model: ReplyingModel;
  readonly description: string;
}

function realModel(
  environment: NodeJS.ProcessEnv,
): { model: LanguageModel; description: string } | undefined {
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
  return undefined;
}

/**
 * A real model through the Vercel AI SDK when `OPENAI_API_KEY`,
 * `ANTHROPIC_API_KEY` or `GOOGLE_GENERATIVE_AI_API_KEY` is set (first found,
 * model name from `SYMFONIC_MODEL` or a small default), the local model
 * otherwise. A real model's reply is the `generateText` result itself, so it
 * goes through `remember` exactly as the local model's replies do.
 */
export function chooseChatModel(environment: NodeJS.ProcessEnv = process.env): ChatModel {
  const real = realModel(environment);
  if (!real) return { model: new LocalModel(), description: 'the local model (no API key set)' };
  return {
    description: real.description,
    model: {
      reply: ({ system, message }) => generateText({ model: real.model, system, prompt: message }),
    },
  };
}
