/** The flag naming the status page every `pulse status` verb reads. */
export const STATUS_URL_FLAG = {
  flags: '--status-url <url>',
  description: 'the status page to read, e.g. https://pulse.example.com/status (env PULSE_STATUS_URL)',
} as const;
