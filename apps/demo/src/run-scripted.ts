import type { MemoryScope, MemoryStore } from '@symfonic/core';
import { formatScope } from '@symfonic/core';
import type { Memory } from '@symfonic/memory';
import { DemoAgent, type TurnRecord } from './demo-agent.js';
import { LocalModel } from './local-model/local-model.js';
import { type Output, style } from './output.js';
import { printTurn } from './print-turn.js';
import {
  adaSessions,
  bobSession,
  demoTenant,
  demoUser,
  otherUser,
  type ScriptedSession,
} from './scripted-conversation.js';

/** One end-of-run check: what it proves and whether it held. */
interface Check {
  readonly passed: boolean;
  readonly claim: string;
  readonly evidence: readonly string[];
}

const userScope = (user: string): MemoryScope => ({ tenant: demoTenant, path: [user] });

async function runSession(
  output: Output,
  memory: Memory,
  user: string,
  session: ScriptedSession,
): Promise<TurnRecord[]> {
  const conversation: MemoryScope = { tenant: demoTenant, path: [user, session.conversation] };
  output.heading(`${session.title}  ${style.dim(formatScope(conversation))}`);
  const agent = new DemoAgent(memory, new LocalModel(), { conversation, owner: userScope(user) });
  const turns: TurnRecord[] = [];
  for (const [index, message] of session.messages.entries()) {
    const turn = await agent.say(message, `${user}:${session.conversation}:${index + 1}`);
    printTurn(output, turn);
    turns.push(turn);
  }
  return turns;
}

function recalledInLastSession(
  session: readonly TurnRecord[],
  first: readonly TurnRecord[],
): Check {
  const toldFirst = new Set(
    first.flatMap((turn) => (turn.outcome?.applied ?? []).map((applied) => applied.record.id)),
  );
  const recalled = session.flatMap((turn) =>
    turn.block.recalled
      .filter((memory) => toldFirst.has(memory.record.id))
      .map((memory) => memory.record.text),
  );
  return {
    passed: recalled.length > 0,
    claim: 'facts told in session 1 were recalled in session 3',
    evidence: [...new Set(recalled)].map((text) => `recalled: "${text}"`),
  };
}

async function correctionUpdated(
  store: MemoryStore,
  owner: MemoryScope,
  turns: readonly TurnRecord[],
): Promise<Check> {
  const update = turns
    .flatMap((turn) => turn.outcome?.applied ?? [])
    .find((applied) => applied.op === 'update');
  if (!update)
    return {
      passed: false,
      claim: 'the corrected fact was updated in place',
      evidence: ['no update was applied'],
    };
  const history = await store.history(owner, update.record.id);
  const page = await store.list(owner, { limit: 100 });
  const sameTopic = page.records.filter((record) => record.text.startsWith('The user lives in'));
  return {
    passed: history.length >= 2 && sameTopic.length === 1,
    claim: 'the corrected fact was updated, not duplicated, and its history kept',
    evidence: [
      ...history.map(
        (version) =>
          `v${version.version} ${version.change} "${version.text}" (turn ${version.provenance.turnId ?? '?'}, ${version.provenance.replyFamily ?? 'no family'})`,
      ),
      `${sameTopic.length} live memory about where the user lives`,
    ],
  };
}

function otherUserNeverAppeared(ada: readonly TurnRecord[], bob: readonly TurnRecord[]): Check {
  const bobIds = new Set(
    bob.flatMap((turn) => (turn.outcome?.applied ?? []).map((applied) => applied.record.id)),
  );
  const crossed = ada.flatMap((turn) =>
    turn.block.recalled.filter((memory) => bobIds.has(memory.record.id)),
  );
  const mentions = ada.filter((turn) => /Berlin|shellfish/.test(turn.block.text));
  return {
    passed: bobIds.size > 0 && crossed.length === 0 && mentions.length === 0,
    claim: "the second user's memories never appeared in the first user's blocks",
    evidence: [
      `${bobIds.size} memories of ${otherUser}; ${ada.length} blocks of ${demoUser} checked; ${crossed.length} rows crossed`,
    ],
  };
}

/**
 * The default run: a fresh start for the demo tenant, three scripted sessions
 * for one user and one for another, every turn printed, then the three checks
 * the demo exists to show. Answers come from a deterministic local model, an
 * AI SDK language model streamed through the memory middleware as a real one is.
 *
 * @returns whether every check held.
 */
export async function runScripted(
  output: Output,
  store: MemoryStore,
  memory: Memory,
): Promise<boolean> {
  const erased = await store.forget({ tenant: demoTenant, path: [] });
  output.line(
    style.dim(
      `Fresh start for tenant "${demoTenant}": erased ${erased.memories} memories and ${erased.turns} turns of a previous run.`,
    ),
  );
  const adaTurns: TurnRecord[][] = [];
  const [first, second, third] = adaSessions;
  if (!first || !second || !third)
    throw new Error('the scripted conversation needs three sessions');
  adaTurns.push(await runSession(output, memory, demoUser, first));
  const bobTurns = await runSession(output, memory, otherUser, bobSession);
  adaTurns.push(await runSession(output, memory, demoUser, second));
  adaTurns.push(await runSession(output, memory, demoUser, third));

  const checks = [
    recalledInLastSession(adaTurns[2] ?? [], adaTurns[0] ?? []),
    await correctionUpdated(store, userScope(demoUser), adaTurns.flat()),
    otherUserNeverAppeared(adaTurns.flat(), bobTurns),
  ];
  output.heading('What this run shows');
  for (const check of checks) {
    output.line(`  ${check.passed ? style.ok('✓') : style.bad('✗')} ${check.claim}`);
    for (const line of check.evidence) output.indented(style.dim(line), 2);
  }
  return checks.every((check) => check.passed);
}
