import type Anthropic from '@anthropic-ai/sdk';

/** The usage block every Anthropic fixture carries: metadata the reader must never touch. */
export const anthropicUsage = {
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
} satisfies Anthropic.Usage;
