import { defineCommand } from '../../define.js';
import { TEAM_NAME_FLAG } from '../flags.js';

export const teamApiKey = defineCommand('api-key', {
  summary: "create the team's v1 API key; prints TEAM_ID API_KEY (shown once)",
  examples: [
    {
      command: 'pulse admin team api-key --team Core > core.key',
      says: "keeps Core's id and new key in a file",
    },
  ],
  flags: [
    TEAM_NAME_FLAG,
    { flags: '--rotate', description: 'replace the existing key (the old one stops working)' },
  ],
  load: () => import('../team-settings.js').then((m) => m.apiKey),
});
