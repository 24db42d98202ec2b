import { answerQuestions } from './answer-questions.js';
import { applyFactRules } from './fact-rules.js';
import { recalledLines } from './recalled-line.js';
import { ReplyShape, replyInShape } from './reply-shapes.js';

/** What the local model is asked: the user's message and the hydrated memory block. */
export interface LocalModelRequest {
  readonly message: string;
  readonly memoryBlock: string;
}

const everyShape: readonly ReplyShape[] = [
  ReplyShape.anthropic,
  ReplyShape.openaiChat,
  ReplyShape.gemini,
];

/**
 * A deterministic stand-in for an LLM, so the demo runs offline with no API
 * key. It hears facts with a few patterns, answers questions only from the
 * memory block it was given (so a recalled fact is visibly what it used), and
 * emits its memory operations as a fenced JSON `ops` block, as the
 * `instructions()` of `@symfonic/memory` teach a real model to. Replies take
 * turns through `shapes` (Anthropic, OpenAI chat, Gemini by default); the same
 * sequence of requests always gives the same replies.
 */
export class LocalModel {
  private sequence = 0;

  constructor(private readonly shapes: readonly ReplyShape[] = everyShape) {}

  /** The reply to `request.message` given `request.memoryBlock`, in the next shape of the rotation. */
  async reply(request: LocalModelRequest): Promise<unknown> {
    const shape = this.shapes[this.sequence % this.shapes.length] ?? ReplyShape.anthropic;
    this.sequence += 1;
    const recalled = recalledLines(request.memoryBlock);
    const facts = applyFactRules(request.message, recalled);
    const answers = answerQuestions(request.message, recalled);
    const said = [...facts.acknowledgements, ...answers];
    const prose = said.length > 0 ? said.join(' ') : 'Got it.';
    const text = `${prose}\n\n\`\`\`json\n${JSON.stringify({ ops: facts.ops })}\n\`\`\``;
    const thinking = `Draft before checking memory: {"ops":[{"op":"add","text":"draft note, not final"}]}. ${recalled.length} memories recalled.`;
    return replyInShape(shape, { thinking, text, sequence: this.sequence });
  }
}
