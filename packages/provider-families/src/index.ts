export { FeedResult, JsonObjectScanner } from './json-object-scanner.js';
export { jsonPayload } from './json-payload.js';
export { type JsonPayloadMatch, jsonPayloadMatch } from './json-payload-match.js';
export { ProviderFamily } from './provider-family.js';
export type { ProviderReply } from './provider-reply.js';
export { readReply } from './read-reply.js';
export { maxReplyItems } from './reply-limits.js';
export type { ToolCall } from './tool-call.js';
