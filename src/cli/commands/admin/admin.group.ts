import { defineGroup } from '../define.js';
import { loginCode } from './login-code.command.js';
import { migrate } from './migrate.command.js';
import { adminNotifications } from './notifications/notifications.group.js';
import { adminOAuthClient } from './oauth-client/oauth-client.group.js';
import { adminPerson } from './person/person.group.js';
import { repairText } from './repair-text.command.js';
import { seed } from './seed.command.js';
import { adminStatus } from './status/status.group.js';
import { adminTeam } from './team/team.group.js';
import { adminToken } from './token/token.group.js';

export const admin = defineGroup(
  'admin',
  'operator commands on a local store (honour --store); admin status and admin notifications also remotely',
  [
    adminPerson,
    adminTeam,
    seed,
    migrate,
    repairText,
    adminToken,
    loginCode,
    adminOAuthClient,
    adminStatus,
    adminNotifications,
  ],
);
