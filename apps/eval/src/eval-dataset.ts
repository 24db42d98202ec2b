import { z } from 'zod';

/** One thing said in a session: its id is unique within its conversation (LoCoMo's `D3:5`). */
export const evalTurnSchema = z.object({
  id: z.string().min(1),
  speaker: z.string().min(1),
  text: z.string().min(1),
});

/** `{ id, speaker, text }`. */
export type EvalTurn = z.infer<typeof evalTurnSchema>;

/** One session of a conversation: when it happened and its turns, in order. */
export const evalSessionSchema = z.object({
  /** The session's number, from 1, in the order the sessions happened. */
  number: z.number().int().min(1),
  /** When the session happened, as the data set writes it (e.g. `14 May 2023`); absent when unknown. */
  date: z.string().min(1).optional(),
  turns: z.array(evalTurnSchema).min(1),
});

/** `{ number, date?, turns }`. */
export type EvalSession = z.infer<typeof evalSessionSchema>;

/** A long conversation between speakers, in sessions. */
export const evalConversationSchema = z.object({
  id: z.string().min(1),
  speakers: z.array(z.string().min(1)).min(1),
  sessions: z.array(evalSessionSchema).min(1),
});

/** `{ id, speakers, sessions }`. */
export type EvalConversation = z.infer<typeof evalConversationSchema>;

/** A question about one conversation, with the ids of the turns that hold its evidence. */
export const evalQuestionSchema = z.object({
  id: z.string().min(1),
  conversationId: z.string().min(1),
  /** What kind of question it is (`single-hop`, `paraphrase`, `corrected`, `date`, `multi-hop`, or LoCoMo's). */
  category: z.string().min(1),
  question: z.string().min(1),
  answer: z.string().optional(),
  /** Turn ids of the conversation; at least one. */
  evidence: z.array(z.string().min(1)).min(1),
});

/** `{ id, conversationId, category, question, answer?, evidence }`. */
export type EvalQuestion = z.infer<typeof evalQuestionSchema>;

/** A data set: conversations and the questions asked about them. */
export const evalDatasetSchema = z.object({
  name: z.string().min(1),
  conversations: z.array(evalConversationSchema).min(1),
  questions: z.array(evalQuestionSchema),
});

/** `{ name, conversations, questions }`. */
export type EvalDataset = z.infer<typeof evalDatasetSchema>;
