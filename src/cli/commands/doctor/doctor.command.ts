import { CHECK_RESULT_FIELDS } from '../../json-fields.js';
import { defineCommand, reads } from '../define.js';

export const doctor = defineCommand('doctor', {
  summary:
    'check the configuration, store (and its text), keychain, server, clock and token, and say how to fix each problem',
  examples: [{ command: 'pulse doctor', says: 'each check, and how to fix what fails' }],
  ...reads(CHECK_RESULT_FIELDS),
  // A config file that does not parse is one of its findings, not a reason not to run.
  resolve: { reportConfigProblem: true },
  load: () => import('./doctor.js').then((m) => m.run),
});
