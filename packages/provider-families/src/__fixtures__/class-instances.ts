/** A class whose instances carry a JSON-looking field but no reply shape. */
class ToolInvocation {
  readonly name = 'remember';
  readonly payload = '{"ops":[{"op":"add","text":"x"}]}';
  toString(): string {
    return this.payload;
  }
}

/** Class instances without any reply shape: a reader that stringified them would mine JSON. */
export const classInstances: readonly unknown[] = [
  new ToolInvocation(),
  new Date(0),
  new Map([['content', '{"ops":[]}']]),
  new Set(['{"ops":[]}']),
  new Error('{"ops":[{"op":"add","text":"from an error"}]}'),
  new URL('https://example.com/?q={"ops":[]}'),
  /\{"ops":\[\]\}/,
  new String('{"ops":[]}'),
  Promise.resolve('{"ops":[]}'),
];
