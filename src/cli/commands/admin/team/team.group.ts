import { defineGroup } from '../../define.js';
import { teamAdd } from './add.command.js';
import { teamApiKey } from './api-key.command.js';
import { teamJoin } from './join.command.js';
import { teamLeave } from './leave.command.js';
import { teamQuestions } from './questions.command.js';

export const adminTeam = defineGroup('team', 'teams of the store', [
  teamAdd,
  teamJoin,
  teamLeave,
  teamApiKey,
  teamQuestions,
]);
