import type Anthropic from '@anthropic-ai/sdk';
import { anthropicUsage } from './anthropic-usage.js';

/**
 * One sentence split over three text blocks because its middle carries a citation, as the API
 * returns cited answers: joined with no separator it reads back exactly.
 */
export const anthropicCitations = {
  id: 'msg_01CitedAnswer',
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
    { type: 'text', text: 'According to the report, ', citations: null },
    {
      type: 'text',
      text: 'revenue grew 12%',
      citations: [
        {
          type: 'char_location',
          cited_text: 'Revenue grew 12% year over year.',
          document_index: 0,
          document_title: 'Annual report {2025}',
          start_char_index: 0,
          end_char_index: 32,
          file_id: null,
        },
      ],
    },
    { type: 'text', text: ' last year.', citations: null },
  ],
} satisfies Anthropic.Message;
