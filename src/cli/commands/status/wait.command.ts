import { defineCommand } from '../define.js';
import { STATUS_URL_FLAG } from './status-url.js';

export const statusWait = defineCommand('wait', {
  summary: 'poll until the state is one of --for (exit 0) or the timeout passes (the --check code)',
  examples: [
    {
      command: 'pulse status wait --for operational --timeout 10m',
      says: 'waits up to ten minutes for an operational page',
    },
  ],
  flags: [
    { flags: '--for <states>', description: 'the states to wait for, comma-separated (default operational)' },
    {
      flags: '--timeout <duration>',
      description: 'give up after this long: e.g. 90s, 10m, 1h (default 10m)',
    },
    { flags: '--interval <duration>', description: 'time between polls, at least 200ms (default 15s)' },
    {
      flags: '--component <component>',
      description: 'the state of this component (name or id) and its children',
    },
    STATUS_URL_FLAG,
  ],
  load: () => import('./status.js').then((m) => m.wait),
});
