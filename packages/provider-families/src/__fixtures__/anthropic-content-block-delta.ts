import type Anthropic from '@anthropic-ai/sdk';

/** A lone streaming event: a fragment of a reply, not a reply. */
export const anthropicContentBlockDelta = {
  type: 'content_block_delta',
  index: 0,
  delta: { type: 'text_delta', text: '{"ops":[]}' },
} satisfies Anthropic.RawContentBlockDeltaEvent;
