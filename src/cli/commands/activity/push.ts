/** `pulse activity push`: a tool's activity into a member's check-in, through the v1 team interface. */
import type { CommandContext } from '../../command-context.js';

export interface PushOptions {
  email: string;
  source: string;
  description: string;
  url?: string;
  team?: string;
  json?: boolean;
}

/** Prints the new status activity's id alone on stdout (the object with --json). */
export async function push(cc: CommandContext, options: PushOptions): Promise<void> {
  const service = await cc.backends.teamService(options.team);
  const activity = await service.createStatusActivity({
    email: options.email,
    source: options.source,
    description: options.description,
    ...(options.url !== undefined ? { source_url: options.url } : {}),
  });
  if (options.json) return cc.out.json(activity);
  cc.out.line(activity.id);
}
