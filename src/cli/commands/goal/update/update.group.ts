import { defineGroup } from '../../define.js';
import { updateComment } from './comment.command.js';
import { updateComments } from './comments.command.js';
import { updateCreate } from './create.command.js';
import { updateDelete } from './delete.command.js';
import { updateEdit } from './edit.command.js';
import { updateList } from './list.command.js';
import { updateReact } from './react.command.js';
import { updateReactions } from './reactions.command.js';
import { updateView } from './view.command.js';

export const goalUpdate = defineGroup('update', "a goal's progress updates", [
  updateCreate,
  updateList,
  updateView,
  updateEdit,
  updateDelete,
  updateComments,
  updateComment,
  updateReactions,
  updateReact,
]);
