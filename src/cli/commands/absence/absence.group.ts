import { defineGroup } from '../define.js';
import { absenceAdd } from './add.command.js';
import { absenceImport } from './import.command.js';
import { absenceList } from './list.command.js';
import { absenceRemove } from './remove.command.js';
import { teamAbsence } from './team/team.group.js';

export const absence = defineGroup(
  'absence',
  'member absences and team holidays, built for shell jobs (idempotent, a report per date)',
  [absenceList, absenceAdd, absenceRemove, teamAbsence, absenceImport],
);
