import { createInterface } from 'node:readline/promises';
import type { MemoryScope } from '@symfonic/core';
import type { Memory } from '@symfonic/memory';
import { chooseChatModel } from './chat-model.js';
import { DemoAgent } from './demo-agent.js';
import { type Output, style } from './output.js';
import { printTurn } from './print-turn.js';

/**
 * An interactive conversation at `conversation`, memories written at `owner`,
 * through `streamText` and the memory middleware: the answer prints as it
 * streams (never its ops object), then the block it was given and what was
 * remembered. Each line typed is one turn; an empty line or end of input
 * ends the chat.
 */
export async function chat(
  output: Output,
  memory: Memory,
  conversation: MemoryScope,
  owner: MemoryScope,
): Promise<void> {
  const chosen = chooseChatModel();
  output.line(style.dim(`Talking to ${chosen.description}. An empty line ends the chat.`));
  const agent = new DemoAgent(memory, chosen.model, { conversation, owner });
  const lines = createInterface({
    input: process.stdin,
    output: process.stdout,
    terminal: process.stdin.isTTY,
  });
  lines.setPrompt(style.strong('you › '));
  const session = Date.now().toString(36);
  let index = 0;
  lines.prompt();
  for await (const typed of lines) {
    const message = typed.trim();
    if (message === '') break;
    index += 1;
    process.stdout.write(`  ${style.dim('model'.padEnd(12))} `);
    const turn = await agent.say(message, `chat:${session}:${index}`, (delta) =>
      process.stdout.write(delta),
    );
    process.stdout.write('\n');
    printTurn(output, turn, { answerPrinted: true });
    lines.prompt();
  }
  lines.close();
}
