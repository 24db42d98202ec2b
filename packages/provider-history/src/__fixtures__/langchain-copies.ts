import { createRequire } from 'node:module';
import * as esmMessages from '@langchain/core/messages';
import * as esmStream from '@langchain/core/utils/stream';

const require = createRequire(import.meta.url);

/** The parts of one copy of `@langchain/core` the tests build messages with. */
export interface LangchainCopy {
  readonly label: string;
  readonly messages: typeof esmMessages;
  readonly concat: typeof esmStream.concat;
}

/** The ESM build of `@langchain/core`, the one this package imports. */
export const esmCopy: LangchainCopy = {
  label: 'ESM @langchain/core',
  messages: esmMessages,
  concat: esmStream.concat,
};

/**
 * The CJS build of the same install, loaded with `require`: its classes,
 * prototypes and module state are distinct from the ESM build's, as a second
 * installed copy's would be.
 */
export const cjsCopy: LangchainCopy = {
  label: 'CJS @langchain/core',
  messages: require('@langchain/core/messages') as typeof esmMessages,
  concat: (require('@langchain/core/utils/stream') as typeof esmStream).concat,
};

/** Both copies, for `describe.each`. */
export const langchainCopies: readonly LangchainCopy[] = [esmCopy, cjsCopy];
