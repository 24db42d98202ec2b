import type Anthropic from '@anthropic-ai/sdk';
import { anthropicUsage } from './anthropic-usage.js';

/** Redacted thinking, a server tool call and its result around the answer text. */
export const anthropicServerTools = {
  id: 'msg_01ServerTools',
  type: 'message',
  role: 'assistant',
  model: 'claude-sonnet-4-5',
  container: null,
  diagnostics: null,
  stop_details: null,
  stop_reason: 'end_turn',
  stop_sequence: null,
  usage: anthropicUsage,
  content: [
    {
      type: 'redacted_thinking',
      data: 'EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIwxtE3rAFBa8cr',
    },
    {
      type: 'server_tool_use',
      id: 'srvtoolu_01WYG3ziw53XMcoyKL4XcZmE',
      name: 'web_search',
      input: { query: 'claude shannon birth date' },
      caller: { type: 'direct' },
    },
    {
      type: 'web_search_tool_result',
      tool_use_id: 'srvtoolu_01WYG3ziw53XMcoyKL4XcZmE',
      caller: { type: 'direct' },
      content: [
        {
          type: 'web_search_result',
          url: 'https://en.wikipedia.org/wiki/Claude_Shannon',
          title: 'Claude Shannon - Wikipedia',
          encrypted_content: 'EqgfCioIARgBIiQ3YTAwMjY1Mi1mZjM5LTQ1NGUtODgxNC1kNjNjNTk1ZWI3Y',
          page_age: 'April 30, 2025',
        },
      ],
    },
    { type: 'text', text: 'Claude Shannon was born on April 30, 1916.', citations: null },
  ],
} satisfies Anthropic.Message;
