export { namesByCallId } from './names-by-call-id.js';
export { replayedReply } from './replayed-reply.js';
export { toolObservations } from './tool-observations.js';
export type { ToolOutcome } from './tool-outcome.js';
