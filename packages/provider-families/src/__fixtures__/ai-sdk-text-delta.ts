import type { TextStreamPart, ToolSet } from 'ai';

/** A lone `streamText` part: a fragment of a reply, not a reply. */
export const aiSdkTextDelta = {
  type: 'text-delta',
  id: 'text-1',
  text: '{"ops":[]}',
} satisfies TextStreamPart<ToolSet>;
