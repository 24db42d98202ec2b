#!/usr/bin/env node
import { describeFailure } from './cli-error.js';
import { terminalOutput } from './output.js';
import { demoProgram } from './program.js';

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
