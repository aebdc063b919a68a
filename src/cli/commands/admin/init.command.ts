import { defineCommand } from '../define.js';
import { TIME_ZONE_FLAG, USERNAME_FLAG } from './flags.js';

export const init = defineCommand('init', {
  summary: 'create the account of a local store, its administrator and a team; prints the id',
  examples: [
    {
      command: 'pulse init --name "Ana Diaz" --email ana@example.com --team Core',
      says: "a store with Ana as its administrator; prints Ana's id",
    },
  ],
  flags: [
    { flags: '--name <name>', description: "the administrator's full name", required: true },
    { flags: '--email <email>', description: "the administrator's email", required: true },
    USERNAME_FLAG,
    TIME_ZONE_FLAG,
    { flags: '--team <name>', description: 'name of the first team (default "Team")', suggest: 'teams' },
  ],
  load: () => import('./admin.js').then((m) => m.init),
});
