/**
 * Every command of pulse, as data: the top-level nouns and verbs in the order help lists them. program.ts
 * builds the commander tree from it; completion scripts, man pages and the root help read it through that.
 */
import { absence } from './absence/absence.group.js';
import { activity } from './activity/activity.group.js';
import { admin } from './admin/admin.group.js';
import { init } from './admin/init.command.js';
import { api } from './api/api.command.js';
import { ask } from './ask/ask.command.js';
import { auth } from './auth/auth.group.js';
import { checkin } from './checkin/checkin.command.js';
import { complete, completionCommand } from './completion/completion.command.js';
import { config } from './config/config.group.js';
import type { Definition } from './define.js';
import { digest } from './digest/digest.command.js';
import { doctor } from './doctor/doctor.command.js';
import { echo } from './echo/echo.group.js';
import { goal } from './goal/goal.group.js';
import { me } from './people/me.command.js';
import { people } from './people/people.group.js';
import { serve } from './serve/serve.command.js';
import { status } from './status/status.command.js';
import { team } from './team/team.group.js';

export const COMMANDS: readonly Definition[] = [
  checkin,
  goal,
  echo,
  ask,
  digest,
  activity,
  me,
  people,
  team,
  absence,
  auth,
  config,
  doctor,
  // The script covers every command, this list included.
  completionCommand(() => COMMANDS),
  complete,
  status,
  init,
  admin,
  serve,
  api,
];
