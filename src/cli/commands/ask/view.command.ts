import { ASK_FIELDS } from '../../json-fields.js';
import { defineCommand } from '../define.js';

export const askView = defineCommand({
  name: 'view',
  summary: 'show an ask and its answer',
  examples: [{ command: 'pulse ask view "$ID"', says: 'the question and its answer' }],
  arguments: [{ name: '<id>', description: 'ask id' }],
  json: { fields: ASK_FIELDS },
  pageable: true,
  load: () => import('./ask.js').then((m) => m.view),
});
