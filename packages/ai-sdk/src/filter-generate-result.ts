import { OpsObjectFilter } from '@symfonic/memory';
import type { ContentPart, GenerateResult } from './language-model-shapes.js';
import type { StepAnswer } from './memory-call.js';

const isText = (part: ContentPart): part is ContentPart & { text: string } =>
  part.type === 'text' && typeof part.text === 'string';

/**
 * A `doGenerate` result as the user gets it: each text part without its ops
 * object (see {@link OpsObjectFilter}); a text part left empty is removed,
 * every other part is kept as the model gave it (AI SDK 7's
 * `structuredOutputText` is filtered the same way). Beside it, what memory
 * reads: the same result with the withheld ops objects as its only text, and
 * the parts that carry ops (those texts, and the calls of the memory tool
 * named `toolName`) for a later step.
 */
export function filterGenerateResult<Result extends GenerateResult>(
  result: Result,
  toolName: string,
): { visible: Result; step: StepAnswer } {
  const visibleContent: ContentPart[] = [];
  const rememberedContent: ContentPart[] = [];
  const carried: ContentPart[] = [];
  const withheld: string[] = [];
  let answer = '';
  let truncated = false;
  for (const part of result.content) {
    if (!isText(part)) {
      visibleContent.push(part);
      rememberedContent.push(part);
      if (part.type === 'tool-call' && part.toolName === toolName) carried.push(part);
      continue;
    }
    const filter = new OpsObjectFilter();
    const text = filter.push(part.text) + filter.end();
    const taken = filter.withheld();
    truncated ||= taken.truncated;
    withheld.push(...taken.objects);
    answer += text;
    if (text.length > 0) visibleContent.push({ ...part, text });
    if (taken.objects.length > 0) {
      const ops = { ...part, text: taken.objects.join('\n') };
      rememberedContent.push(ops);
      carried.push(ops);
    }
  }
  const visible = { ...result, content: visibleContent } as Result;
  if (typeof result.structuredOutputText === 'string') {
    const filter = new OpsObjectFilter();
    const text = filter.push(result.structuredOutputText) + filter.end();
    Object.assign(visible, { structuredOutputText: text });
  }
  return {
    visible,
    step: {
      reply: (earlier) => ({ ...result, content: [...earlier, ...rememberedContent] }),
      carried,
      callsMemoryTool: carried.some((part) => part.type === 'tool-call'),
      answer,
      withheld,
      truncated,
    },
  };
}
