/**
 * The most entries {@link readReply} reads in any one list of a reply: content blocks, parts,
 * output items, tool calls, or the parts of a stream. A list longer than this (a sparse array of
 * length 2³²−1, a proxy reporting a huge length, or simply a reply no model writes) is not
 * read: the reply is answered as unreadable with `oversized: true`, in time bounded by the
 * reply's real size. 100,000 is far above any real reply (a 32k-token answer streamed token by
 * token is about 32,000 parts).
 */
export const maxReplyItems = 100_000;

/** Thrown inside the reader when a list exceeds {@link maxReplyItems}; `readReply` answers it. */
export class ReplyTooLarge extends Error {
  constructor() {
    super(`a list of the reply holds more than ${maxReplyItems} entries`);
    this.name = 'ReplyTooLarge';
  }
}

/**
 * The length of `list`, checked against {@link maxReplyItems} before any entry is read.
 *
 * @throws ReplyTooLarge when the list is longer.
 */
export function boundedLength(list: readonly unknown[]): number {
  const length = list.length;
  if (!(length <= maxReplyItems)) throw new ReplyTooLarge();
  return length;
}
