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
    {
      command: 'pulse ask --explain "Who is waiting on Gina?"',
      says: 'prints how the question was read (intent, themes, time, people, teams, words), then the answer',
    },
  ],
  arguments: [{ name: '[prompt...]', description: 'the question, e.g. "What blocked the team last week?"' }],
  flags: [
    { flags: '--timeout <seconds>', description: 'how long to wait for the answer (default 60)' },
    { flags: '--no-wait', description: 'print the ask id at once instead of waiting for the answer' },
    {
      flags: '--explain',
      description:
        "print how the question was read before the answer (with --json, a reading object); it is this client's reader, which a server of another version may not match",
    },
  ],
  ...writes([...ASK_FIELDS, 'reading']),
  children: [askList, askView, askKey],
  load: () => import('./ask.js').then((m) => m.ask),
});
