import { defineGroup } from '../../define.js';
import { personAdd } from './add.command.js';
import { personEdit } from './edit.command.js';

export const adminPerson = defineGroup('person', 'people of the store', [personAdd, personEdit]);
