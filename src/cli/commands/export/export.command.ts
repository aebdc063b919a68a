import { defineCommand } from '../define.js';

export const exportCommand = defineCommand('export', {
  summary:
    'write everything you can see (check-ins, goals, comments, Echoes, asks, activities, absences) as JSON or Markdown',
  examples: [
    {
      command: 'pulse export --output pulse-export.json',
      says: 'writes the whole of your view as one JSON document (0600), which pulse import reads',
    },
    {
      command: 'pulse export --format markdown --since 2026-01-01 > 2026.md',
      says: 'a readable record of this year, newest last',
    },
  ],
  flags: [
    {
      flags: '--format <format>',
      description: 'json (the documented document pulse import reads) or markdown (for reading)',
      choices: ['json', 'markdown'],
      default: 'json',
    },
    {
      flags: '--since <date>',
      description: 'only what happened on or after DATE (YYYY-MM-DD); people and teams are always included',
    },
    { flags: '--output <file>', description: 'write to FILE (created 0600) instead of stdout' },
  ],
  load: () => import('./export.js').then((m) => m.exportData),
});
