import { defineGroup } from '../define.js';
import { echoAnswer } from './answer/answer.group.js';
import { echoCreate } from './create.command.js';
import { echoDelete } from './delete.command.js';
import { echoEdit } from './edit.command.js';
import { echoList } from './list.command.js';
import { echoPause } from './pause.command.js';
import { echoResume } from './resume.command.js';
import { echoView } from './view.command.js';

export const echo = defineGroup('echo', 'Echoes: your recurring questions, answered on a schedule', [
  echoList,
  echoView,
  echoCreate,
  echoEdit,
  echoDelete,
  echoPause,
  echoResume,
  echoAnswer,
]);
