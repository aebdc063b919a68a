import { defineCommand } from '../define.js';

export const backup = defineCommand('backup', {
  summary: 'copy the local store consistently while it is in use (a cp of a live store is unsafe)',
  examples: [
    {
      command: 'pulse backup ~/backups/pulse-2026-11-24.db',
      says: "copies the store as of one moment, 0600, and checks the copy's integrity",
    },
    {
      command: 'pulse --store team.db backup team-copy.db --force',
      says: 'replaces an earlier copy (without --force an existing file is never overwritten)',
    },
  ],
  arguments: [{ name: '<file>', description: 'where to write the copy (a new file unless --force)' }],
  flags: [{ flags: '--force', description: 'replace FILE if it exists' }],
  load: () => import('./backup.js').then((m) => m.backup),
});
