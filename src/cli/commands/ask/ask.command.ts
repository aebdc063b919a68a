import { ASK_FIELDS } from '../../json-fields.js';
import { defineCommand, writes } from '../define.js';
import { askKey } from './key/key.group.js';
import { askList } from './list.command.js';
import { askView } from './view.command.js';

export const ask = defineCommand('ask', {
  summary: 'ask a question about your teams and get an answer from their check-ins, goals and more',
  examples: [
    {
      command: 'pulse ask "What blocked the team last week?"',
      says: 'waits for the answer and prints it as Markdown',
    },
    { command: 'pulse ask --no-wait "Who was stressed in October?"', says: 'prints the ask id at once' },
  ],
  arguments: [{ name: '[prompt...]', description: 'the question, e.g. "What blocked the team last week?"' }],
  flags: [
    { flags: '--timeout <seconds>', description: 'how long to wait for the answer (default 60)' },
    { flags: '--no-wait', description: 'print the ask id at once instead of waiting for the answer' },
  ],
  ...writes(ASK_FIELDS),
  children: [askList, askView, askKey],
  load: () => import('./ask.js').then((m) => m.ask),
});
