#!/usr/bin/env node
import { describeFailure } from './cli-error.js';
import { terminalOutput } from './output.js';
import { demoProgram } from './program.js';

// A reader that stops early (`… | head`) closes the pipe: that ends the run quietly, not with a stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(process.exitCode ?? 0);
});

const output = terminalOutput();
try {
  await demoProgram(output, (code) => {
    process.exitCode = code;
  }).parseAsync(process.argv);
} catch (error) {
  const failure = describeFailure(error);
  process.stderr.write(`error: ${failure.message}\n`);
  process.exitCode = failure.exitCode;
}
