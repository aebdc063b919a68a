import { VERSION } from '../../version.js';
import { defineCommand } from '../define.js';

/** `pulse version`: what `pulse --version` (or -V, -v) prints, as a command. */
export const version = defineCommand('version', {
  summary: 'print the version of pulse (as --version, -V and -v)',
  examples: [{ command: 'pulse version', says: 'the version, such as 0.1.0' }],
  // A config file that does not parse is no reason not to say which pulse this is.
  resolve: { reportConfigProblem: true },
  load: async () => async (cc) => cc.out.line(VERSION),
});
