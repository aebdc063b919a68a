import { defineGroup } from '../define.js';
import { goalArchive } from './archive.command.js';
import { goalCreate } from './create.command.js';
import { goalDelete } from './delete.command.js';
import { goalEdit } from './edit.command.js';
import { goalList } from './list.command.js';
import { goalTree } from './tree.command.js';
import { goalUnarchive } from './unarchive.command.js';
import { goalUpdate } from './update/update.group.js';
import { goalView } from './view.command.js';

export const goal = defineGroup('goal', 'goals, their progress updates, and the goal tree', [
  goalList,
  goalTree,
  goalView,
  goalCreate,
  goalEdit,
  goalArchive,
  goalUnarchive,
  goalDelete,
  goalUpdate,
]);
