import { flatten, formatScope, type MemoryScope, type MemoryStore } from '@symfonic/core';
import { CliError } from './cli-error.js';
import { type Output, style } from './output.js';

/**
 * List the live memories visible to `scope` (every page), or, with `id`, the
 * history of one memory: every version with its change and provenance.
 *
 * @throws CliError when `id` names no memory visible to `scope`.
 */
export async function inspect(
  output: Output,
  store: MemoryStore,
  scope: MemoryScope,
  id?: string,
): Promise<void> {
  if (id !== undefined) {
    const history = await store.history(scope, id);
    if (history.length === 0)
      throw new CliError(`no memory "${id}" is visible to ${formatScope(scope)}`);
    output.heading(`History of ${id}`);
    for (const version of history) {
      const by = [
        version.provenance.writer,
        version.provenance.turnId,
        version.provenance.replyFamily,
      ]
        .filter(Boolean)
        .join(', ');
      output.detail(
        `v${version.version} ${version.change}`,
        `"${version.text}" ${style.dim(`(${by}; ${version.at.toISOString()})`)}`,
      );
    }
    return;
  }
  output.heading(`Memories visible to ${formatScope(scope)}`);
  let cursor: string | undefined;
  let count = 0;
  do {
    const page = await store.list(
      scope,
      cursor === undefined ? { limit: 100 } : { limit: 100, cursor },
    );
    for (const record of page.records) {
      count += 1;
      output.detail(
        record.id,
        `[${record.layer}] "${record.text}" ${style.dim(`salience ${record.salience}, at ${formatScope(record.scope)}, by ${record.provenance.writer}${record.context === undefined ? '' : `, searched with "${flatten(record.context)}"`}`)}`,
      );
    }
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  output.line(style.dim(`  ${count} memories`));
}
