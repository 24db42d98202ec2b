#!/usr/bin/env node
import { createEvalCommand } from './eval-command.js';

try {
  await createEvalCommand({ stdout: process.stdout, stderr: process.stderr }).parseAsync(
    process.argv,
  );
} catch (error) {
  process.stderr.write(
    `symfonic-eval: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exitCode = 1;
}
