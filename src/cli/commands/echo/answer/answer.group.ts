import { defineGroup } from '../../define.js';
import { answerList } from './list.command.js';
import { answerView } from './view.command.js';

export const echoAnswer = defineGroup('answer', "a question's published answers", [answerList, answerView]);
