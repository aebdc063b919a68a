import { DATE_HELP } from '../../help-text.js';
import { TEAM_REPORT_FIELDS } from '../../json-fields.js';
import { defineCommand, reads } from '../define.js';
import { V1_TEAM_FLAG } from './flags.js';

export const teamReport = defineCommand('report', {
  summary: "a day's report: metrics and every member's answers, blockers first",
  examples: [
    { command: 'pulse team report', says: 'the latest report' },
    { command: 'pulse team report yesterday --team Core', says: "Core's report of yesterday (local mode)" },
  ],
  arguments: [
    { name: '[date]', description: `the report's date: ${DATE_HELP} (default: the latest report)` },
  ],
  flags: [V1_TEAM_FLAG],
  ...reads(TEAM_REPORT_FIELDS),
  load: () => import('./team-v1.js').then((m) => m.report),
});
