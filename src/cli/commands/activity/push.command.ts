import { V1_STATUS_ACTIVITY_FIELDS } from '../../json-fields.js';
import { defineCommand, writes } from '../define.js';

export const activityPush = defineCommand('push', {
  summary: "push a tool's activity into a member's check-in (the v1 interface)",
  examples: [
    {
      command:
        "pulse activity push --email ben@example.com --source ci --description 'Deployed <b>v2.3</b>' --url https://ci.example.com/42",
      says: "a CI run in Ben's check-in of today",
    },
  ],
  flags: [
    { flags: '--email <email>', description: "the member's email address", required: true },
    { flags: '--source <source>', description: 'where it comes from, e.g. github or ci', required: true },
    {
      flags: '--description <html>',
      description: 'what happened; simple HTML (a, b, strong, i, em, code, br)',
      required: true,
    },
    { flags: '--url <url>', description: 'a link to it (absolute http(s) URL)' },
    {
      flags: '--team <team>',
      description: 'local mode: the team (default: your only team)',
      suggest: 'teams',
    },
  ],
  ...writes(V1_STATUS_ACTIVITY_FIELDS),
  load: () => import('./push.js').then((m) => m.push),
});
