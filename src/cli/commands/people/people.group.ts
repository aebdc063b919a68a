import { defineGroup } from '../define.js';
import { peopleList } from './list.command.js';
import { peopleView } from './view.command.js';

export const people = defineGroup('people', 'people of the account', [peopleList, peopleView]);
