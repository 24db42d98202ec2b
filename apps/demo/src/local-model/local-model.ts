import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3GenerateResult,
  LanguageModelV3StreamPart,
  LanguageModelV3Usage,
} from '@ai-sdk/provider';
import { answerQuestions } from './answer-questions.js';
import { applyFactRules } from './fact-rules.js';
import { recalledLines } from './recalled-line.js';

/** What the local model is asked: the user's message and the memory block of its system prompt. */
export interface LocalModelRequest {
  readonly message: string;
  readonly memoryBlock: string;
}

/** What the local model answers: its reasoning (a draft it does not mean) and its answer text. */
export interface LocalAnswer {
  readonly reasoning: string;
  readonly text: string;
}

const blockLine = /^\[(?:semantic #\d+|episodic #\d+|working)\] /;

/**
 * The memory block of a prompt, read the way a model reads its prompt: the
 * run of block lines (`[semantic #1] …`, `[working] …`) that ends a system
 * message (the instructions before it carry example lines of their own).
 */
export function memoryBlockOf(prompt: LanguageModelV3CallOptions['prompt']): string {
  const blocks: string[] = [];
  for (const message of prompt) {
    if (message.role !== 'system') continue;
    const lines = message.content.split('\n');
    let start = lines.length;
    while (start > 0 && blockLine.test(lines[start - 1] ?? '')) start -= 1;
    if (start < lines.length) blocks.push(lines.slice(start).join('\n'));
  }
  return blocks.join('\n');
}

function lastUserMessage(prompt: LanguageModelV3CallOptions['prompt']): string {
  const user = prompt.findLast((message) => message.role === 'user');
  if (!user) return '';
  return user.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
}

/** The local model's answer to `request`: deterministic, from the block and its fact patterns only. */
export function localAnswer(request: LocalModelRequest): LocalAnswer {
  const recalled = recalledLines(request.memoryBlock);
  const facts = applyFactRules(request.message, recalled);
  const answers = answerQuestions(request.message, recalled);
  const said = [...facts.acknowledgements, ...answers];
  const prose = said.length > 0 ? said.join(' ') : 'Got it.';
  return {
    reasoning: `Draft before checking memory: {"ops":[{"op":"add","text":"draft note, not final"}]}. ${recalled.length} memories recalled.`,
    text: `${prose}\n\n\`\`\`json\n${JSON.stringify({ ops: facts.ops })}\n\`\`\``,
  };
}

const tokens = (text: string) => Math.ceil(text.length / 4);

const usageOf = (prompt: string, answer: LocalAnswer): LanguageModelV3Usage => ({
  inputTokens: { total: tokens(prompt), noCache: tokens(prompt), cacheRead: 0, cacheWrite: 0 },
  outputTokens: {
    total: tokens(answer.text) + tokens(answer.reasoning),
    text: tokens(answer.text),
    reasoning: tokens(answer.reasoning),
  },
});

/**
 * A deterministic stand-in for an LLM, as an AI SDK language model
 * (`LanguageModelV3`: `doGenerate` and `doStream`), so the demo runs offline
 * with no API key through the same `generateText` / `streamText` and
 * middleware path as a real model. It hears facts with a few patterns,
 * answers questions only from the memory block of its system prompt (so a
 * recalled fact is visibly what it used), thinks a draft ops object in its
 * reasoning (which memory must not read), and ends its answer with a fenced
 * JSON `ops` object, as `instructions()` teach a real model to. It streams
 * its answer word by word. The same requests always get the same answers.
 */
export class LocalModel implements LanguageModelV3 {
  readonly specificationVersion = 'v3';
  readonly provider = 'symfonic-local';
  readonly modelId = 'symfonic-local-1';
  readonly supportedUrls = {};

  async doGenerate(options: LanguageModelV3CallOptions): Promise<LanguageModelV3GenerateResult> {
    const { answer, prompt } = this.#answer(options);
    const content: LanguageModelV3Content[] = [
      { type: 'reasoning', text: answer.reasoning },
      { type: 'text', text: answer.text },
    ];
    return {
      content,
      finishReason: { unified: 'stop', raw: 'stop' },
      usage: usageOf(prompt, answer),
      warnings: [],
    };
  }

  async doStream(options: LanguageModelV3CallOptions) {
    const { answer, prompt } = this.#answer(options);
    const parts: LanguageModelV3StreamPart[] = [
      { type: 'stream-start', warnings: [] },
      { type: 'response-metadata', id: 'local-response', modelId: this.modelId },
      { type: 'reasoning-start', id: 'reasoning-0' },
      { type: 'reasoning-delta', id: 'reasoning-0', delta: answer.reasoning },
      { type: 'reasoning-end', id: 'reasoning-0' },
      { type: 'text-start', id: 'text-0' },
      ...(answer.text.match(/\s*\S+/g) ?? []).map(
        (delta): LanguageModelV3StreamPart => ({ type: 'text-delta', id: 'text-0', delta }),
      ),
      { type: 'text-end', id: 'text-0' },
      {
        type: 'finish',
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: usageOf(prompt, answer),
      },
    ];
    const stream = new ReadableStream<LanguageModelV3StreamPart>({
      start(controller) {
        for (const part of parts) controller.enqueue(part);
        controller.close();
      },
    });
    return { stream };
  }

  #answer(options: LanguageModelV3CallOptions): { answer: LocalAnswer; prompt: string } {
    const memoryBlock = memoryBlockOf(options.prompt);
    const message = lastUserMessage(options.prompt);
    return {
      answer: localAnswer({ message, memoryBlock }),
      prompt: JSON.stringify(options.prompt),
    };
  }
}
