import { defaultClientStateLimits } from './client-state-table.js';
import { defaultPrincipalClaim } from './jwt-token-verifier.js';
import {
  databaseUrlVariable,
  largestRecallLimit,
  largestSessionsPerPrincipal,
  longestIdleMinutes,
} from './server-options.js';
import { shortestToken } from './static-token-verifier.js';

/** What `symfonic-mcp --help` prints: every flag, its default, and the exit codes. */
export const helpText = `symfonic-mcp: a scoped, accountable long-term memory for any MCP client.

Usage:
  symfonic-mcp --data <folder> --tenant <id> --user <id> [--conversation <id>] [options]
  symfonic-mcp --database-url <postgres://…> --http <host:port> --tokens <file> [options]
  symfonic-mcp --database-url <postgres://…> --http <host:port> --jwks-url <url> --jwt-issuer <iss>

Storage (one of):
  --data <folder>          embedded PGlite database in <folder> (created on first start,
                           migrations applied); one process per folder at a time
  --database-url <url>     PostgreSQL or Neon (postgres:// or postgresql://); when absent,
                           the ${databaseUrlVariable} environment variable is read
                           (a postgres:// URL, or a folder for embedded PGlite)

Transport:
  (default)                stdio: one client, one scope, fixed for the process
  --tenant <id>            stdio: the tenant whose memory this is (required)
  --user <id>              stdio: the user whose memory this is (required)
  --conversation <id>      stdio: the conversation whose turns memory_record_turn logs and
                           memory_recall shows (optional; default: turns at the user)
  --http <host:port>       Streamable HTTP at http://<host:port>/mcp instead of stdio,
                           e.g. 127.0.0.1:8787; every request needs a bearer token, from
                           --tokens, from --jwks-url/--jwks-file, or from both
  --tokens <file>          with --http: JSON {"tokens": [{"token", "tenant", "user",
                           "conversation"?}]}, tokens of at least ${shortestToken} characters
  --jwks-url <url>         with --http: accept JWT access tokens signed with a key of this
                           JWKS (https://, or http:// on a loopback host)
  --jwks-file <file>       the same, with the JWKS read from a file at start
  --jwt-issuer <iss>       the "iss" a JWT must carry (required with a JWKS)
  --jwt-claim <name>       the JWT claim naming {"tenant", "user", "conversation"?}
                           (default ${defaultPrincipalClaim})
  --resource-url <url>     the public URL of the endpoint, which a JWT's "aud" must name
                           (default http://<host:port>/mcp as bound)
  --idle-minutes <n>       a 2025 client's session, or a 2026-07-28 client's refs, unused
                           this long is dropped (1 to ${longestIdleMinutes}; default ${defaultClientStateLimits.idleMs / 60_000})
  --sessions-per-principal <n>
                           most sessions (and clients with refs) one principal holds at
                           once (1 to ${largestSessionsPerPrincipal}; default ${defaultClientStateLimits.perPrincipal})

Memory:
  --recall-limit <n>       most memories one memory_recall returns (1 to ${largestRecallLimit}; default 12)
  --embedder <name>        local (default: hashed words and trigrams, offline) or none
                           (full-text ranking only)
  --allow-forget-all       add the tool memory_forget_all, which erases the whole scope of
                           the user (memories, history, turns); off by default

  -h, --help               print this help
  --version                print the version

Tools: memory_recall, memory_remember, memory_history, memory_forget, memory_record_turn
(and memory_forget_all). Resource: symfonic://memories. Prompt: memory_instructions.
Stdout carries only MCP messages; logs go to stderr.

Exit codes: 0 stopped by a signal or the client, 2 bad flags or token file,
3 database unreachable or unusable, 1 anything else.
`;
