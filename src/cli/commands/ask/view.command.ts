import { ASK_FIELDS } from '../../json-fields.js';
import { defineCommand, reads } from '../define.js';

export const askView = defineCommand('view', {
  summary: 'show an ask and its answer',
  examples: [{ command: 'pulse ask view "$ID"', says: 'the question and its answer' }],
  arguments: [{ name: '<id>', description: 'ask id' }],
  ...reads(ASK_FIELDS),
  load: () => import('./ask.js').then((m) => m.view),
});
