import { describe, expect, it } from 'vitest';
import { anthropicCitations } from '../__fixtures__/anthropic-citations.js';
import { anthropicContentBlockDelta } from '../__fixtures__/anthropic-content-block-delta.js';
import { anthropicEmpty } from '../__fixtures__/anthropic-empty.js';
import { anthropicEnvelopeBraces } from '../__fixtures__/anthropic-envelope-braces.js';
import { anthropicServerTools } from '../__fixtures__/anthropic-server-tools.js';
import { anthropicThinkingJson } from '../__fixtures__/anthropic-thinking-json.js';
import { anthropicToolUseFirst } from '../__fixtures__/anthropic-tool-use-first.js';
import { jsonPayload } from '../json-payload.js';
import { readReply } from '../read-reply.js';

describe('readReply on Anthropic Messages responses', () => {
  it('reads the answer, never the envelope whose id and stop sequence hold JSON', () => {
    const reply = readReply(anthropicEnvelopeBraces);
    expect(reply).toEqual({
      family: 'anthropic',
      text: 'Nothing worth remembering here.',
      ignored: [],
      readable: true,
      toolCalls: [],
    });
    expect(jsonPayload(reply.text)).toBeNull();
  });

  it('skips a thinking block whose JSON is not the answer, and names it', () => {
    const reply = readReply(anthropicThinkingJson);
    expect(reply.ignored).toEqual(['thinking']);
    expect(jsonPayload(reply.text)).toEqual({
      ops: [{ op: 'add', layer: 'semantic', text: 'The user hates coffee.' }],
    });
  });

  it('reads the text after a tool_use block', () => {
    expect(readReply(anthropicToolUseFirst)).toEqual({
      family: 'anthropic',
      text: 'Checking the weather for you.',
      ignored: ['tool_use'],
      readable: true,
      toolCalls: [
        {
          id: 'toolu_01A09q90qw90lq917835lq9',
          name: 'get_weather',
          kind: 'tool_use',
          parsed: true,
          input: { location: 'San Francisco, CA' },
        },
      ],
    });
  });

  it('joins cited text blocks with no separator and never names citations', () => {
    expect(readReply(anthropicCitations)).toEqual({
      family: 'anthropic',
      text: 'According to the report, revenue grew 12% last year.',
      ignored: [],
      readable: true,
      toolCalls: [],
    });
  });

  it('names redacted thinking and server tool blocks, once each, in order', () => {
    expect(readReply(anthropicServerTools)).toEqual({
      family: 'anthropic',
      text: 'Claude Shannon was born on April 30, 1916.',
      ignored: ['redacted_thinking', 'server_tool_use', 'web_search_tool_result'],
      readable: true,
      toolCalls: [],
    });
  });

  it('reads empty content as a readable reply with no text', () => {
    expect(readReply(anthropicEmpty)).toEqual({
      family: 'anthropic',
      text: '',
      ignored: [],
      readable: true,
      toolCalls: [],
    });
  });

  it('refuses a lone content_block_delta event', () => {
    expect(readReply(anthropicContentBlockDelta)).toEqual({
      family: 'unknown',
      text: '',
      ignored: [],
      readable: false,
      toolCalls: [],
    });
  });

  it('names each skipped kind once however often it occurs', () => {
    const twice = {
      ...anthropicThinkingJson,
      content: [...anthropicThinkingJson.content, ...anthropicThinkingJson.content],
    };
    const reply = readReply(twice);
    const answer = readReply(anthropicThinkingJson).text;
    expect(reply.ignored).toEqual(['thinking']);
    expect(reply.text).toBe(`${answer}${answer}`);
  });
});
