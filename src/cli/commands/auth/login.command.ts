import { defineCommand } from '../define.js';

export const authLogin = defineCommand('login', {
  summary:
    'keep a personal access token (or with --team-id a team API key, or with --web OAuth tokens) for this profile and host',
  examples: [
    {
      command: 'pulse auth login --with-token < ben.token',
      says: 'checks the token with the server, then keeps it',
    },
    {
      command: 'pulse auth login --web --scopes write',
      says: 'signs in with OAuth in the browser, allowed to write',
    },
  ],
  flags: [
    { flags: '--with-token', description: 'read the token (or API key) from stdin (for scripts)' },
    {
      flags: '--team-id <id>',
      description: "keep a team's v1 API key instead (pulse admin team api-key prints both)",
    },
    {
      flags: '--web',
      description:
        'sign in with OAuth in the browser instead (at auth_url, default base_url); later commands refresh the tokens',
    },
    {
      flags: '--scopes <scope>',
      description: 'with --web: read, or write to change things too (default read)',
      choices: ['read', 'write'],
    },
    {
      flags: '--client-id <id>',
      description: 'with --web: the OAuth client to sign in as (default pulse-cli)',
    },
    {
      flags: '--no-browser',
      description: 'with --web: only print the address to open (always printed on stderr)',
    },
    {
      flags: '--timeout <duration>',
      description: 'with --web: give up waiting for the browser after e.g. 90s, 10m (default 5m)',
    },
    {
      flags: '--insecure-storage',
      description: 'keep it in a 0600 file in the configuration directory instead of the keychain',
    },
  ],
  load: () => import('./auth.js').then((m) => m.login),
});
