import { defineGroup } from '../../define.js';
import { teamAbsenceAdd } from './add.command.js';
import { teamAbsenceRemove } from './remove.command.js';

export const teamAbsence = defineGroup('team', 'team-wide holidays: nobody reports on those dates', [
  teamAbsenceAdd,
  teamAbsenceRemove,
]);
