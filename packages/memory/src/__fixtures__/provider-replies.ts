import type Anthropic from '@anthropic-ai/sdk';
import { FinishReason, type GenerateContentResponse } from '@google/genai';
import type OpenAI from 'openai';

/** The JSON object a model answers to write `ops`. */
export function opsJson(ops: readonly Record<string, unknown>[]): string {
  return JSON.stringify({ ops });
}

/** An Anthropic Messages API response holding `content`. */
export function anthropicMessage(
  content: Anthropic.ContentBlock[],
  stopReason: Anthropic.StopReason = 'end_turn',
): Anthropic.Message {
  return {
    id: 'msg_01XFDUDYJgAACzvnptvVoYEL',
    type: 'message',
    role: 'assistant',
    model: 'claude-sonnet-4-5',
    container: null,
    diagnostics: null,
    stop_details: null,
    stop_reason: stopReason,
    stop_sequence: null,
    usage: {
      cache_creation: null,
      cache_creation_input_tokens: null,
      cache_read_input_tokens: null,
      inference_geo: null,
      input_tokens: 412,
      output_tokens: 96,
      output_tokens_details: null,
      server_tool_use: null,
      service_tier: 'standard',
      speed: null,
    },
    content,
  };
}

/** An Anthropic Messages API response: an optional thinking block, then the answer text. */
export function anthropicReply(text: string, thinking?: string): Anthropic.Message {
  const content: Anthropic.ContentBlock[] = [];
  if (thinking !== undefined) {
    content.push({ type: 'thinking', thinking, signature: 'EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgx' });
  }
  content.push({ type: 'text', text, citations: null });
  return anthropicMessage(content);
}

/** An OpenAI Chat Completions response whose only choice holds `message`. */
export function openaiChatCompletion(
  message: OpenAI.ChatCompletionMessage,
  finishReason: OpenAI.ChatCompletion.Choice['finish_reason'] = 'stop',
): OpenAI.ChatCompletion {
  return {
    id: 'chatcmpl-B9MHDbslfkBeAs8l4bebGdFOJ6PeG',
    object: 'chat.completion',
    created: 1_764_494_400,
    model: 'gpt-4o-2024-08-06',
    choices: [{ index: 0, finish_reason: finishReason, logprobs: null, message }],
    usage: { prompt_tokens: 82, completion_tokens: 17, total_tokens: 99 },
  };
}

/** An OpenAI Chat Completions response whose first choice answers `text`. */
export function openaiChatReply(text: string): OpenAI.ChatCompletion {
  return openaiChatCompletion({ role: 'assistant', content: text, refusal: null });
}

/** A Gemini generateContent response (as JSON): an optional thought part, then the answer. */
export function geminiReply(
  text: string,
  thought?: string,
): Pick<GenerateContentResponse, 'candidates' | 'usageMetadata' | 'modelVersion'> {
  const parts: { text: string; thought?: boolean }[] = [];
  if (thought !== undefined) parts.push({ text: thought, thought: true });
  parts.push({ text });
  return {
    candidates: [
      {
        content: { role: 'model', parts },
        finishReason: FinishReason.STOP,
        index: 0,
      },
    ],
    usageMetadata: { promptTokenCount: 80, candidatesTokenCount: 20, totalTokenCount: 100 },
    modelVersion: 'gemini-2.5-flash',
  };
}
