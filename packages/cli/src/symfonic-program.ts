import { Command } from 'commander';
import type { CommandIo } from './command-io.js';
import { exportToStdout } from './commands/export-command.js';
import { forgetScope, printForget } from './commands/forget-command.js';
import { type ImportPlacement, importFromStdin, printImport } from './commands/import-command.js';
import { inspectScope, printInspect } from './commands/inspect-command.js';
import { printRecall, recallBlock } from './commands/recall-command.js';
import { printTimeline } from './commands/timeline-command.js';
import { CommandFailure, exitCodes } from './exit-codes.js';
import { readScope } from './read-scope.js';
import type { StoreFlags } from './store-options.js';
import { withStore } from './with-store.js';

/** Add the store flags and `--json` every command takes. */
function withStoreFlags(command: Command): Command {
  return command
    .option('--data <dir>', 'a PGlite folder')
    .option('--database-url <url>', 'a postgres:// URL (PostgreSQL or Neon)')
    .option('--json', 'machine output: one JSON document (or JSON Lines) on stdout');
}

/**
 * The `symfonic` command line over `io`: each command opens the store the
 * flags (or `SYMFONIC_DATABASE_URL`) name, does its work and closes it. A
 * failure a script can act on is thrown as `CommandFailure` with its exit
 * code; the caller prints it and exits.
 */
export function symfonicProgram(io: CommandIo, version: string): Command {
  const program = new Command('symfonic')
    .description(
      'Inspect, recall, export, import, follow and forget the memory of a scope (tenant/user/…), on PGlite, PostgreSQL or Neon.',
    )
    .version(version)
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
    })
    .exitOverride()
    .showHelpAfterError('(symfonic --help lists the commands)');

  withStoreFlags(
    program
      .command('inspect <scope>')
      .description('the memories visible to a scope, its pinned facts and the counts'),
  ).action(async (scopeText: string, flags: StoreFlags) => {
    const scope = readScope(scopeText);
    await withStore(flags, io, async ({ store }) =>
      printInspect(io, await inspectScope(store, scope), flags.json === true),
    );
  });

  withStoreFlags(
    program
      .command('recall <scope> <cue>')
      .description(
        'the block hydrate builds for a cue, with every row left out and its reason (why was this not remembered?)',
      ),
  ).action(async (scopeText: string, cue: string, flags: StoreFlags) => {
    const scope = readScope(scopeText);
    await withStore(flags, io, async (opened) =>
      printRecall(io, await recallBlock(opened, scope, cue), flags.json === true),
    );
  });

  withStoreFlags(
    program
      .command('timeline <scope>')
      .description(
        'every version of every memory visible to a scope, deletions included, oldest first',
      ),
  ).action(async (scopeText: string, flags: StoreFlags) => {
    const scope = readScope(scopeText);
    await withStore(flags, io, ({ store }) => printTimeline(io, store, scope, flags.json === true));
  });

  withStoreFlags(
    program
      .command('export <scope>')
      .description(
        'write the symfonic-dump/1 dump of a scope (JSON Lines) to stdout: memories with every version, then turns',
      ),
  ).action(async (scopeText: string, flags: StoreFlags) => {
    const scope = readScope(scopeText);
    await withStore(flags, io, ({ store }) => exportToStdout(io, store, scope));
  });

  withStoreFlags(
    program
      .command('import')
      .description(
        'restore a symfonic-dump/1 dump read from stdin: same ids, versions and times; running it again imports nothing twice',
      )
      .option('--into <scope>', 'refuse a dump that is not at or below this scope')
      .option('--remap-from <scope>', 'move the lines at or below this scope…')
      .option('--remap-to <scope>', '…to the same place below this one (another tenant included)')
      .option(
        '--exclusive',
        "the database is the import's own while it runs (a new one, a maintenance window): PostgreSQL builds its GIN indexes once at the end; refused when the store holds anything outside the dump's scope",
      ),
  ).action(
    async (
      flags: StoreFlags & {
        into?: string;
        remapFrom?: string;
        remapTo?: string;
        exclusive?: boolean;
      },
    ) => {
      if ((flags.remapFrom === undefined) !== (flags.remapTo === undefined)) {
        throw new CommandFailure('--remap-from and --remap-to go together', exitCodes.usage);
      }
      const placement: ImportPlacement = {
        ...(flags.into === undefined ? {} : { into: readScope(flags.into) }),
        ...(flags.remapFrom === undefined || flags.remapTo === undefined
          ? {}
          : { remap: { from: readScope(flags.remapFrom), to: readScope(flags.remapTo) } }),
        ...(flags.exclusive === true ? { exclusive: true } : {}),
      };
      await withStore(flags, io, async ({ store }) =>
        printImport(io, await importFromStdin(io, store, placement), flags.json === true),
      );
    },
  );

  withStoreFlags(
    program
      .command('forget <scope>')
      .description('erase a scope and everything below it; asks first unless --yes')
      .option('--yes', 'do not ask for confirmation'),
  ).action(async (scopeText: string, flags: StoreFlags & { yes?: boolean }) => {
    const scope = readScope(scopeText);
    await withStore(flags, io, async ({ store }) =>
      printForget(
        io,
        scope,
        await forgetScope(io, store, scope, flags.yes === true),
        flags.json === true,
      ),
    );
  });

  return program;
}
