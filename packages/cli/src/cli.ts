#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { runSymfonic } from './run-symfonic.js';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
process.exitCode = await runSymfonic(
  process.argv.slice(2),
  {
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    environment: process.env,
  },
  version,
);
