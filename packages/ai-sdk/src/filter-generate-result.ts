import { OpsObjectFilter } from '@symfonic/memory';
import type { ContentPart, GenerateResult } from './language-model-shapes.js';
import type { StepAnswer } from './memory-call.js';

const isText = (part: ContentPart): part is ContentPart & { text: string } =>
  part.type === 'text' && typeof part.text === 'string';

/** `text` without its ops objects (see {@link OpsObjectFilter}). */
function withoutOps(text: string): string {
  const filter = new OpsObjectFilter();
  return filter.push(text) + filter.end();
}

/**
 * A `doGenerate` result as the user gets it: its text parts without their ops
 * objects, read by one {@link OpsObjectFilter} in order, joined as the reply
 * reader joins them (so an ops object split across two text parts is withheld
 * whole; what the filter still holds after the last part is released into
 * the last text part). A text part left empty is removed, every other part is
 * kept as the model gave it (AI SDK 7's `structuredOutputText` is filtered
 * the same way). Beside it, what memory reads: the same result with the
 * withheld ops objects as its only text.
 */
export function filterGenerateResult<Result extends GenerateResult>(
  result: Result,
  toolName: string,
): { visible: Result; step: StepAnswer } {
  const filter = new OpsObjectFilter();
  const shown: ContentPart[] = [];
  const rememberedContent: ContentPart[] = [];
  let lastText = -1;
  let answer = '';
  for (const part of result.content) {
    if (!isText(part)) {
      shown.push(part);
      rememberedContent.push(part);
      continue;
    }
    const text = filter.push(part.text);
    answer += text;
    lastText = shown.length;
    shown.push({ ...part, text });
  }
  const rest = filter.end();
  answer += rest;
  const last = shown[lastText];
  if (last && rest.length > 0) shown[lastText] = { ...last, text: `${last.text ?? ''}${rest}` };
  const visibleContent = shown.filter((part) => !isText(part) || part.text.length > 0);
  const { objects, truncated } = filter.withheld();
  const complete = truncated ? objects.slice(0, -1) : objects;
  if (complete.length > 0) rememberedContent.unshift({ type: 'text', text: complete.join('\n') });
  const visible = { ...result, content: visibleContent } as Result;
  if (typeof result.structuredOutputText === 'string') {
    Object.assign(visible, { structuredOutputText: withoutOps(result.structuredOutputText) });
  }
  return {
    visible,
    step: {
      reply: { ...result, content: rememberedContent },
      opsObjects: complete.length,
      callsMemoryTool: rememberedContent.some(
        (part) => part.type === 'tool-call' && part.toolName === toolName,
      ),
      answer,
      withheld: objects,
      truncated,
    },
  };
}
