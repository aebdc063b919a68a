/**
 * The person's activities recorded since their last check-in (pull requests pushed by a tool, custom
 * ones), offered as a starting point for "previous".
 */
import type { Service } from '../../../core/service.js';
import type { Activity, CheckIn, Person } from '../../../core/types.js';
import { firstItems } from '../../paging.js';

/** At most this many are offered: a starting point, not a report. */
export const MAX_OFFERED = 50;

/** Own activities since the previous check-in was completed (all recent ones without one), oldest first. */
export async function recentActivities(
  service: Service,
  me: Person,
  previousCheckIn: CheckIn | undefined,
): Promise<Activity[]> {
  const since = previousCheckIn?.completed_at ?? undefined;
  const items = await firstItems(
    (page, per_page) =>
      service.listActivities({ people_ids: [me.id], ...(since ? { since } : {}), page, per_page }),
    MAX_OFFERED,
  );
  return items.reverse();
}

/** One Markdown list item: the title (or description) and its link. */
export function activityLine(activity: Activity): string {
  const text = (activity.title ?? activity.description).replace(/\s+/g, ' ').trim();
  return `- ${text}${activity.url ? ` (${activity.url})` : ''}`;
}

export function activitiesAsPrevious(activities: Activity[]): string {
  return activities.map(activityLine).join('\n');
}
