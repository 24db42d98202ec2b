/**
 * Scripted language models for testing an app built on `@symfonic/ai-sdk`, as `ai/test`
 * publishes the AI SDK's own mocks (on which they are built): a model answering a script of
 * steps, and one whose every call waits for the test to answer it.
 */
export {
  answerWithOps,
  type ScriptedStep,
  scriptedModel,
  streamPartsOf,
} from './testing/scripted-model.js';
export { type PendingModelCall, steeredModel } from './testing/steered-model.js';
