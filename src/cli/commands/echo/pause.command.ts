import { ECHO_QUESTION_FIELDS } from '../../json-fields.js';
import { defineCommand, writes } from '../define.js';
import { QUESTION_ARGUMENT } from './flags.js';

export const echoPause = defineCommand('pause', {
  summary: 'stop answers until resumed (a pulse serve extension remotely)',
  examples: [{ command: 'pulse echo pause "$Q"', says: 'nothing is published for it until echo resume' }],
  arguments: [QUESTION_ARGUMENT],
  ...writes(ECHO_QUESTION_FIELDS),
  load: () => import('./echo.js').then((m) => m.pause),
});
