import { defineCommand } from '../define.js';

export const api = defineCommand('api', {
  summary: "send a request to the v2 interface (or --v1, --status) with the profile's credentials",
  examples: [
    { command: 'pulse api me', says: 'GET /api/v2/me' },
    {
      command: 'pulse api goals -f title="Ship v2" -F private=true',
      says: 'POST a JSON body to /api/v2/goals (-F: true, 42, null, @file as typed values)',
    },
    { command: 'pulse api goals --paginate', says: "every page's items as one JSON array" },
  ],
  arguments: [
    {
      name: '<path>',
      description: 'a path below the interface, e.g. /me or checkins (or a URL on the same origin)',
    },
  ],
  flags: [
    { flags: '--v1', description: "the v1 team interface, with the profile's team API key" },
    { flags: '--status', description: 'the status page interface, without credentials' },
    {
      flags: '-X, --method <method>',
      description: 'the HTTP method (default GET, or POST with fields or --input)',
    },
    {
      flags: '-f, --raw-field <key=value>',
      description: 'a string field (repeatable; key[]= adds to an array)',
      repeatable: true,
    },
    {
      flags: '-F, --field <key=value>',
      description: 'a typed field: true, false, null and integers as JSON, @file reads a file (repeatable)',
      repeatable: true,
    },
    {
      flags: '--input <file>',
      description: 'send this file as the body ("-" for stdin); fields then go to the query',
    },
    {
      flags: '--paginate',
      description: "follow the next-page links of a GET and print every page's items as one array",
    },
    { flags: '-i, --include', description: 'print the status line and response headers before the body' },
    {
      flags: '-H, --header <header>',
      description: 'an extra request header, "Name: value" (repeatable)',
      repeatable: true,
    },
  ],
  load: () => import('./api.js').then((m) => m.run),
});
