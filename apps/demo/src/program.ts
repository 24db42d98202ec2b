import { type MemoryScope, parseScope } from '@symfonic/core';
import { databaseUrlVariable } from '@symfonic/open-store';
import { Command, Option } from 'commander';
import { ask } from './ask.js';
import { chat } from './chat.js';
import { type DemoEmbedderName, demoEmbedderNames, openDemoEmbedder } from './demo-embedder.js';
import { embedMissingVectors } from './embed-missing-vectors.js';
import { importConversation } from './import-conversation.js';
import { inspect } from './inspect.js';
import { withInterruptSignal } from './interrupt-signal.js';
import { type DemoMemory, openDemoMemory } from './open-demo.js';
import { type Output, style } from './output.js';
import { runScripted } from './run-scripted.js';

interface GlobalOptions {
  readonly dataDir?: string;
  readonly databaseUrl?: string;
  readonly embedder: DemoEmbedderName;
}

/**
 * Open the demo's memory with the chosen embedder, give the memories that lack
 * its vectors one (Ctrl-C stops that safely), run `work`, and close the store
 * whatever happens.
 */
async function withMemory<T>(
  options: GlobalOptions,
  work: (demo: DemoMemory) => Promise<T>,
): Promise<T> {
  const embedder = await openDemoEmbedder(options.embedder);
  const demo = await openDemoMemory({
    embedder,
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...((options.databaseUrl ?? process.env[databaseUrlVariable])
      ? { databaseUrl: options.databaseUrl ?? process.env[databaseUrlVariable] }
      : {}),
  });
  try {
    const { drizzle } = demo;
    if (drizzle) {
      await withInterruptSignal((signal) =>
        embedMissingVectors(drizzle, { model: embedder.model, signal }),
      );
    }
    return await work(demo);
  } finally {
    await demo.close();
  }
}

/** The user level of a conversation scope: where `chat` writes memories so other conversations see them. */
function ownerOf(scope: MemoryScope): MemoryScope {
  return scope.path.length >= 2 ? { tenant: scope.tenant, path: scope.path.slice(0, 1) } : scope;
}

/**
 * The demo's command line. With no command it runs the scripted conversation;
 * `chat`, `import`, `ask` and `inspect` work on any scope. `setExitCode`
 * receives 1 when the scripted run's checks fail.
 */
export function demoProgram(output: Output, setExitCode: (code: number) => void): Command {
  const program = new Command('symfonic-demo')
    .description(
      'An agent with memory: Symfonic Memory over embedded PGlite, answered by a local model.',
    )
    .option(
      '--data-dir <dir>',
      'where PGlite keeps its data (or set SYMFONIC_DATA_DIR)',
      process.env.SYMFONIC_DATA_DIR ?? '.symfonic',
    )
    .option(
      '--database-url <url>',
      'use PostgreSQL, Neon or memory: instead of PGlite (or set SYMFONIC_DATABASE_URL)',
    )
    .addOption(
      new Option(
        '--embedder <name>',
        'how memories and cues become vectors: local (instant) or word-vectors (better recall of paraphrases; reads 300 MB of word vectors first)',
      )
        .choices(demoEmbedderNames)
        .default('local'),
    )
    .showHelpAfterError();

  program.action(async (options: GlobalOptions) => {
    await withMemory(options, async ({ store, memory, where }) => {
      output.line(
        style.dim(
          `Memory: ${where}. Model: the local model, an AI SDK language model, through the @symfonic/ai-sdk middleware.`,
        ),
      );
      if (!(await runScripted(output, store, memory))) setExitCode(1);
    });
  });

  program
    .command('chat')
    .description(
      'talk to the agent (a real model when an API key is set, the local model otherwise)',
    )
    .option(
      '--scope <scope>',
      'the conversation scope, tenant/user/conversation',
      'demo/user:you/conversation:chat',
    )
    .action(async (options: { scope: string }, command: Command) => {
      const scope = parseScope(options.scope);
      await withMemory(command.optsWithGlobals(), ({ memory }) =>
        chat(output, memory, scope, ownerOf(scope)),
      );
    });

  program
    .command('import <file>')
    .description(
      'import a JSON Lines conversation export ({ speaker, text, turnId? } per line) as episodic memories',
    )
    .requiredOption('--scope <scope>', 'where to import, tenant/user/...')
    .action(async (file: string, options: { scope: string }, command: Command) => {
      const scope = parseScope(options.scope);
      await withMemory(command.optsWithGlobals(), async (demo) => {
        const summary = await importConversation(output, demo, file, scope);
        output.line(
          `imported ${summary.lines} turns: ${summary.written} new memories, ${summary.alreadyStored} already stored, ${summary.refused} refused, ${summary.invalidLines} invalid lines skipped`,
        );
      });
    });

  program
    .command('ask <cue>')
    .description(
      'print the block hydrate would build for a cue, and why each candidate was or was not included',
    )
    .requiredOption('--scope <scope>', 'the asking scope, tenant/user/...')
    .action(async (cue: string, options: { scope: string }, command: Command) => {
      const scope = parseScope(options.scope);
      await withMemory(command.optsWithGlobals(), ({ memory }) => ask(output, memory, scope, cue));
    });

  program
    .command('inspect')
    .description("list the memories visible to a scope, or one memory's history")
    .requiredOption('--scope <scope>', 'the scope, tenant/user/...')
    .option('--id <id>', 'show the history of this memory')
    .action(async (options: { scope: string; id?: string }, command: Command) => {
      const scope = parseScope(options.scope);
      await withMemory(command.optsWithGlobals(), ({ store }) =>
        inspect(output, store, scope, options.id),
      );
    });

  return program;
}
