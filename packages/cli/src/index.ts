export type { CommandIo, OutputStream } from './command-io.js';
export { CommandFailure, type ExitCode, exitCodes } from './exit-codes.js';
export { runSymfonic } from './run-symfonic.js';
export { symfonicProgram } from './symfonic-program.js';
