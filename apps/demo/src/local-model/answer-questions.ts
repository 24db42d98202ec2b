import type { RecalledLine } from './recalled-line.js';

/** A question the local model can answer from memory: a pattern, the memory it needs, and how it answers. */
interface QuestionRule {
  readonly question: RegExp;
  readonly memory: RegExp;
  readonly answer: (memory: RegExpExecArray) => string;
  readonly unknown: string;
}

const questions: readonly QuestionRule[] = [
  {
    question: /\bwhere do I live\b|\bwhere am I living\b/i,
    memory: /^The user lives in (.+)$/,
    answer: (memory) => `You live in ${memory[1]}.`,
    unknown: "I don't know where you live yet.",
  },
  {
    question: /\bwhat(?:'s| is) my name\b|\bwho am I\b/i,
    memory: /^The user's name is (.+)$/,
    answer: (memory) => `You're ${memory[1]}.`,
    unknown: "You haven't told me your name yet.",
  },
  {
    question: /\b(?:snack|eat|food|recipe|dinner|lunch)\b/i,
    memory: /^The user is allergic to (.+)$/,
    answer: (memory) =>
      `Since you're allergic to ${memory[1]}, try apple slices with oat crackers.`,
    unknown: 'Trail mix is a classic choice.',
  },
  {
    question: /\bwhat do I do\b|\bmy job\b|\bwork\b\?/i,
    memory: /^The user works as (.+)$/,
    answer: (memory) => `You work as ${memory[1]}.`,
    unknown: "You haven't told me what you do.",
  },
];

/**
 * The local model's answers to the questions in `message`, from the recalled
 * memories only (it has no other knowledge), in the order the rules are listed.
 */
export function answerQuestions(message: string, recalled: readonly RecalledLine[]): string[] {
  const answers: string[] = [];
  for (const rule of questions) {
    if (!rule.question.test(message)) continue;
    let answered = false;
    for (const line of recalled) {
      const memory = rule.memory.exec(line.text);
      if (memory) {
        answers.push(rule.answer(memory));
        answered = true;
        break;
      }
    }
    if (!answered) answers.push(rule.unknown);
  }
  return answers;
}
