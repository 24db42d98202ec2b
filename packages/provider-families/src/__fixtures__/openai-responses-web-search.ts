import { type RawResponse, responseEnvelope } from './openai-raw-response.js';

/**
 * A web search call, then two message items with several text parts and URL citations: every
 * `output_text` part is joined in order; annotations are metadata.
 */
export const openaiResponsesWebSearch = {
  ...responseEnvelope,
  output: [
    {
      id: 'ws_67c9fa0502748190b7dd390736892e100be649c1a5ff9609',
      type: 'web_search_call',
      status: 'completed',
      action: { type: 'search', query: 'positive news today' },
    },
    {
      id: 'msg_first',
      type: 'message',
      role: 'assistant',
      status: 'completed',
      content: [
        {
          type: 'output_text',
          text: 'On March 6, 2025, ',
          annotations: [],
        },
        {
          type: 'output_text',
          text: 'several news stories were uplifting.',
          annotations: [
            {
              type: 'url_citation',
              start_index: 0,
              end_index: 36,
              url: 'https://example.com/{news}',
              title: 'Good news {today}',
            },
          ],
        },
      ],
    },
    {
      id: 'msg_second',
      type: 'message',
      role: 'assistant',
      status: 'completed',
      content: [{ type: 'output_text', text: ' That is all.', annotations: [] }],
    },
  ],
} satisfies RawResponse;
