import type { ModelOp } from './model-op.js';
import type { RecalledLine } from './recalled-line.js';

/** What the local model decided for one user message: what to remember, and what it would say. */
interface RuleOutcome {
  readonly ops: ModelOp[];
  readonly acknowledgements: string[];
}

/**
 * A fact the local model knows how to hear: a pattern over the user's message,
 * the memory it writes, and the topic it corrects (a recalled memory on the
 * same topic is updated by its ref instead of duplicated).
 */
interface FactRule {
  readonly pattern: RegExp;
  readonly memory: (match: RegExpExecArray) => string;
  /** The start every memory on the same topic shares; `undefined` for facts that never correct each other. */
  readonly topic?: (match: RegExpExecArray) => string;
  readonly salience: number;
  readonly layer: 'semantic' | 'episodic';
  readonly acknowledgement: (match: RegExpExecArray) => string;
}

const word = (match: RegExpExecArray, index: number) => (match[index] ?? '').trim();
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const rules: readonly FactRule[] = [
  {
    pattern: /\b(?:my name is|I'm|I am) ([A-Z][a-z]+)\b(?! allergic)/,
    memory: (match) => `The user's name is ${word(match, 1)}`,
    topic: () => "The user's name is ",
    salience: 0.8,
    layer: 'semantic',
    acknowledgement: (match) => `Nice to meet you, ${word(match, 1)}.`,
  },
  {
    pattern: /\bI (?:live|am living) in ([A-Z][\w-]+(?: [A-Z][\w-]+)*)/,
    memory: (match) => `The user lives in ${word(match, 1)}`,
    topic: () => 'The user lives in ',
    salience: 0.7,
    layer: 'semantic',
    acknowledgement: (match) => `${word(match, 1)} is a lovely place to live.`,
  },
  {
    pattern: /\bI (?:have )?(?:just )?moved to ([A-Z][\w-]+(?: [A-Z][\w-]+)*)/,
    memory: (match) => `The user lives in ${word(match, 1)}`,
    topic: () => 'The user lives in ',
    salience: 0.7,
    layer: 'semantic',
    acknowledgement: (match) => `Congratulations on the move to ${word(match, 1)}!`,
  },
  {
    pattern: /\bI(?:'m| am) allergic to ([a-z]+(?: [a-z]+)?)/,
    memory: (match) => `The user is allergic to ${word(match, 1)}`,
    topic: () => 'The user is allergic to ',
    salience: 0.95,
    layer: 'semantic',
    acknowledgement: (match) =>
      `Understood, I'll keep ${word(match, 1)} away from every suggestion.`,
  },
  {
    pattern: /\b[Mm]y favou?rite ([a-z]+) is ([\w ]+?)(?:[.!?]|$)/,
    memory: (match) => `The user's favourite ${word(match, 1)} is ${word(match, 2)}`,
    topic: (match) => `The user's favourite ${word(match, 1)} is `,
    salience: 0.5,
    layer: 'semantic',
    acknowledgement: (match) => `${capitalized(word(match, 2))}, good choice.`,
  },
  {
    pattern: /\bI (?:work|am working) as an? ([a-z]+)/,
    memory: (match) => `The user works as a ${word(match, 1)}`,
    topic: () => 'The user works as ',
    salience: 0.6,
    layer: 'semantic',
    acknowledgement: (match) => `Being a ${word(match, 1)} sounds interesting.`,
  },
  {
    pattern:
      /\b(?:today|yesterday|this morning) I ((?:went|visited|ran|finished|cooked|started) [^.!?]+)/i,
    memory: (match) => `The user ${word(match, 1).replace(/\bmy\b/g, 'their')}`,
    salience: 0.4,
    layer: 'episodic',
    acknowledgement: () => 'That sounds like a good day.',
  },
];

/**
 * Apply every fact rule to `message`. A fact whose topic a recalled memory
 * already covers becomes an `update` of that memory's ref (a correction is not
 * a second memory); an identical recalled memory is left alone.
 */
export function applyFactRules(message: string, recalled: readonly RecalledLine[]): RuleOutcome {
  const outcome: RuleOutcome = { ops: [], acknowledgements: [] };
  for (const rule of rules) {
    const match = rule.pattern.exec(message);
    if (!match) continue;
    const text = rule.memory(match);
    outcome.acknowledgements.push(rule.acknowledgement(match));
    if (recalled.some((line) => line.text === text)) continue;
    const topic = rule.topic?.(match);
    const previous =
      topic === undefined ? undefined : recalled.find((line) => line.text.startsWith(topic));
    outcome.ops.push(
      previous
        ? { op: 'update', ref: previous.ref, text }
        : { op: 'add', layer: rule.layer, text, salience: rule.salience },
    );
  }
  return outcome;
}
