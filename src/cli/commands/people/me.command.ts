import { PERSON_FIELDS } from '../../json-fields.js';
import { defineCommand, reads } from '../define.js';
import { meEdit } from './me-edit.command.js';
import { meReminders } from './me-reminders.command.js';

export const me = defineCommand('me', {
  summary: 'show who you are',
  examples: [{ command: 'pulse me --json name,teams.name', says: 'your name and the names of your teams' }],
  ...reads(PERSON_FIELDS),
  children: [meEdit, meReminders],
  load: () => import('./people.js').then((m) => m.me),
});
