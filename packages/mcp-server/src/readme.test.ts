import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { fencedBlocks, readmeExample, runModule } from '@symfonic/test-support';
import { expect, it } from 'vitest';
import { parseCommandLine } from './server-options.js';
import { tokenFileSchema } from './static-token-verifier.js';

const packageDirectory = fileURLToPath(new URL('..', import.meta.url));

it('runs the README example, which prints what the README says it prints', async () => {
  const { code, output } = await readmeExample(packageDirectory);
  expect(code).toContain("from '@symfonic/mcp-server'");
  expect(await runModule(code, packageDirectory)).toBe(output);
}, 120_000); // A PGlite cold start takes seconds, many more on a loaded machine.

it('shows client settings and a token file that the server accepts as written', async () => {
  const readme = await readFile(new URL('../README.md', import.meta.url), 'utf8');
  const blocks = fencedBlocks(readme, 'json').map((block) => JSON.parse(block));
  const [desktop, vscode, tokens, cursorHttp, vscodeHttp, bridge] = blocks;
  for (const { command, args } of [desktop.mcpServers.memory, vscode.servers.memory]) {
    expect(command).toBe('npx');
    expect(args.slice(0, 2)).toEqual(['-y', '@symfonic/mcp-server']);
    expect(parseCommandLine(args.slice(2))).toMatchObject({
      kind: 'run',
      options: { transport: { kind: 'stdio', principal: { tenant: 'me', user: 'me' } } },
    });
  }
  expect(vscode.servers.memory.type).toBe('stdio');
  const file = tokenFileSchema.parse(tokens);
  const bearer = `Bearer ${file.tokens[0]?.token}`;
  expect(cursorHttp.mcpServers.memory.headers.Authorization).toBe(bearer);
  expect(vscodeHttp.servers.memory).toMatchObject({
    type: 'http',
    headers: { Authorization: bearer },
  });
  for (const url of [cursorHttp.mcpServers.memory.url, vscodeHttp.servers.memory.url]) {
    expect(url).toBe('http://127.0.0.1:8787/mcp');
  }
  expect(bridge.mcpServers.memory.env.AUTH_HEADER).toBe(bearer);
  expect(bridge.mcpServers.memory.args).toContain('http://127.0.0.1:8787/mcp');
  expect(readme).toContain('npx -y @symfonic/mcp-server --data ./memory --tenant me --user me');
  expect(
    parseCommandLine([
      '--data',
      './memory',
      '--http',
      '127.0.0.1:8787',
      '--tokens',
      './tokens.json',
    ]),
  ).toMatchObject({ kind: 'run', options: { transport: { kind: 'http', port: 8787 } } });
});
