import { defineCommand } from '../define.js';

export const serve = defineCommand('serve', {
  summary:
    'serve the local store over HTTP: v2 at /api/v2, v1 at /api/v1, the status page at /status/api/v1, OAuth at /oauth',
  examples: [
    { command: 'pulse serve --port 8080', says: 'serves the local store on http://127.0.0.1:8080' },
    {
      command:
        'pulse serve --database postgres://pulse@db.internal:5432/pulse --public-url https://pulse.example.com',
      says: 'serves a PostgreSQL database behind a public address',
    },
    {
      command: 'pulse serve --status-port 8081 --status-url https://status.example.com',
      says: 'also serves the status page at the root of its own port, as https://status.example.com/api/v1',
    },
    {
      command:
        'PULSE_SMTP_USER=pulse PULSE_SMTP_PASSWORD=... pulse serve --smtp smtp://mail.example.com --smtp-from "pulse <pulse@example.com>"',
      says: 'reminders and team notifications by email too, over STARTTLS, the login kept out of the arguments',
    },
  ],
  flags: [
    { flags: '--host <host>', description: 'address to listen on', default: '127.0.0.1' },
    { flags: '--port <port>', description: 'port to listen on; 0 picks a free one', default: '8080' },
    {
      flags: '--public-url <url>',
      description: 'base of absolute URLs in responses (default: the listening address)',
    },
    {
      flags: '--rate-limit <spec>',
      description: 'per-token limits, e.g. "burst=30/10,sustained=500/1800", or off',
    },
    {
      flags: '--v1-rate-limit <spec>',
      description: 'per team key: BURST:PER_SECOND token bucket (default 10:1), or off',
    },
    {
      flags: '--oauth-rate-limit <spec>',
      description:
        'per client address on /oauth/authorize and /oauth/token: BURST:PER_SECOND (default 20:0.5), or off',
    },
    {
      flags: '--status-port <port>',
      description:
        'also serve the status page at the root of this port (/api/v1, links root-relative); 0 picks a free one',
    },
    {
      flags: '--status-url <url>',
      description: "the status port's public URL, e.g. https://status.example.com (default: its address)",
    },
    {
      flags: '--status-rate-limit <n>',
      description: 'requests a second per client address on /status/api/v1 (default 5), or off',
    },
    {
      flags: '--max-connections <n>',
      description: 'open connections at most; more are closed as they arrive (default 512)',
    },
    {
      flags: '--max-connections-per-client <n>',
      description:
        'open connections per client address (an IPv6 /64), trusted proxies aside; more are closed as they arrive (default 64)',
    },
    {
      flags: '--trust-proxy <addresses>',
      description:
        'reverse proxies (addresses, CIDR ranges, loopback) whose X-Forwarded-For names the client for the per-address limits',
    },
    { flags: '--tls-cert <file>', description: 'serve HTTPS with this certificate (PEM), with --tls-key' },
    { flags: '--tls-key <file>', description: 'the private key (PEM) of --tls-cert' },
    {
      flags: '--access-token-ttl <duration>',
      description: 'lifetime of OAuth access tokens: 90s, 15m, 1h... (default 1h)',
    },
    {
      flags: '--database <url>',
      description:
        'serve a PostgreSQL database, postgres://USER@HOST:PORT/DB, not the SQLite store (or PULSE_DATABASE_URL)',
    },
    {
      flags: '--smtp <url>',
      description:
        'send email channels through smtp://HOST[:PORT] (STARTTLS required; ?starttls=off for a local relay) or smtps://HOST[:PORT] (or PULSE_SMTP_URL); login from PULSE_SMTP_USER and PULSE_SMTP_PASSWORD',
    },
    { flags: '--smtp-from <address>', description: 'the From of those emails (or PULSE_SMTP_FROM)' },
  ],
  load: () => import('./serve.js').then((m) => m.run),
});
