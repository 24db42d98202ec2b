export { jsonPayload } from './json-payload.js';
export { ProviderFamily } from './provider-family.js';
export type { ProviderReply } from './provider-reply.js';
export { readReply } from './read-reply.js';
