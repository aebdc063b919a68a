/**
 * What a person or a team reads (issue 31): each notification event written for its channel's format, a
 * Slack incoming webhook's message or an email's subject and plain text. JSON channels get the signed
 * event itself (webhooks/sender.ts). A message says only what its event carries: the producer decided
 * what may be sent to whom (scheduler.ts), so nothing is read from elsewhere here.
 */
import { escapeMrkdwn, type SlackMessage } from '../webhooks/slack.js';
import type { WebhookEvent } from '../webhooks/types.js';
import {
  type BlockedData,
  type EchoAnsweredData,
  PERSON_EVENT_TYPES,
  type ReminderData,
  type SummaryData,
  TEAM_EVENT_TYPES,
} from './types.js';

/** An email as the mail sender takes it: the address comes from the channel. */
export interface EmailMessage {
  subject: string;
  /** Plain text, lines ending in \n (the mail sender writes CRLF). */
  text: string;
}

type NotificationEventType = (typeof PERSON_EVENT_TYPES)[number] | (typeof TEAM_EVENT_TYPES)[number];

/** The data of each notification event, by type. */
interface DataOf {
  'reminder.due': ReminderData;
  'checkin.blocked': BlockedData;
  'team.summary': SummaryData;
  'echo.answered': EchoAnsweredData;
}

/** One event of a known type with its data, so each renderer reads its own shape. */
type NotificationEvent = {
  [Type in NotificationEventType]: { type: Type; data: DataOf[Type] };
}[NotificationEventType];

const NOTIFICATION_TYPES: readonly string[] = [...PERSON_EVENT_TYPES, ...TEAM_EVENT_TYPES];

/** Whether an event is a reminder or a team notification (not one of the status page's). */
export function isNotificationEvent(event: WebhookEvent): event is WebhookEvent & NotificationEvent {
  return NOTIFICATION_TYPES.includes(event.type);
}

/** People's texts are kept to this many characters in a message (Slack takes 3000 a section). */
const MAX_TEXT = 1000;
/** A blocker in the summary's list. */
const MAX_LISTED = 200;
const MAX_SECTION = 3000;

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** 'Thursday 2026-11-26': the weekday says which stand-up without reading the date. */
export function dayLabel(date: string): string {
  return `${WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()] ?? ''} ${date}`.trim();
}

function clip(text: string, max = MAX_TEXT): string {
  const trimmed = text.trim();
  return trimmed.length <= max ? trimmed : `${trimmed.slice(0, max - 1).trimEnd()}…`;
}

/** A name or a question on one line: a subject never carries a line break. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

const names = (people: { name: string }[]) => people.map((person) => oneLine(person.name)).join(', ');

/** Lines of a person's text, each indented (email) or quoted (Slack). */
function indented(text: string, prefix: string, max = MAX_TEXT): string {
  return clip(text, max)
    .split(/\r?\n/)
    .map((line) => `${prefix}${line}`)
    .join('\n');
}

function summaryCounts(data: SummaryData): string {
  const { counts } = data;
  return (
    `${counts.checked_in} of ${counts.members} checked in, ${counts.blocked} blocked, ` +
    `${counts.absent} absent, ${counts.missing} not yet`
  );
}

function reminderHeadline(data: ReminderData): string {
  const which = data.reminder === 2 ? 'Second reminder' : 'Reminder';
  return `${which}: your check-in for ${dayLabel(data.date)} is still to do`;
}

const LATE_REMINDER = (data: ReminderData) =>
  `This reminder was due at ${data.local_time} and is sent late: pulse was not running then.`;
const LATE_SUMMARY = 'This summary is sent late: pulse was not running at its time.';

// --- Slack ------------------------------------------------------------------------------------------

function slack(text: string, mrkdwn: string): SlackMessage {
  return { text, blocks: [{ type: 'section', text: { type: 'mrkdwn', text: clip(mrkdwn, MAX_SECTION) } }] };
}

const quoted = (text: string, max = MAX_TEXT) => indented(escapeMrkdwn(text), '>', max);
const link = (url: string, label: string) => `<${escapeMrkdwn(url)}|${label}>`;

/** The Slack message of a notification event. */
export function notificationSlack(event: NotificationEvent): SlackMessage {
  switch (event.type) {
    case 'reminder.due': {
      const { data } = event;
      const headline = reminderHeadline(data);
      const lines = [`*${escapeMrkdwn(headline)}*`];
      const how = `Run \`${data.command}\``;
      lines.push(data.url ? `${how} or ${link(data.url, 'check in on the web')}` : how);
      if (data.previous_intentions && data.previous_date) {
        lines.push(`Your intentions last time (${dayLabel(data.previous_date)}):`);
        lines.push(quoted(data.previous_intentions));
      }
      if (data.late) lines.push(`_${LATE_REMINDER(data)}_`);
      return slack(data.late ? `${headline} (late)` : headline, lines.join('\n'));
    }
    case 'checkin.blocked': {
      const { data } = event;
      const where = `${oneLine(data.team.name)}, ${dayLabel(data.check_in.date)}`;
      const headline = `${oneLine(data.person.name)} is blocked`;
      const lines = [`*${escapeMrkdwn(headline)}* (${escapeMrkdwn(where)})`, quoted(data.check_in.blockers)];
      if (data.check_in.url) lines.push(link(data.check_in.url, 'View the check-in'));
      return slack(`${headline} (${where})`, lines.join('\n'));
    }
    case 'team.summary': {
      const { data } = event;
      const title = `${oneLine(data.team.name)}, ${dayLabel(data.date)}`;
      const lines = [`*${escapeMrkdwn(title)}*: ${summaryCounts(data)}`];
      if (data.checked_in.length > 0) lines.push(`*Checked in:* ${escapeMrkdwn(names(data.checked_in))}`);
      if (data.blocked.length > 0) {
        lines.push('*Blocked:*');
        for (const person of data.blocked) {
          lines.push(
            `• ${escapeMrkdwn(oneLine(person.name))}: ${escapeMrkdwn(oneLine(clip(person.blockers, MAX_LISTED)))}`,
          );
        }
      }
      if (data.absent.length > 0) lines.push(`*Absent:* ${escapeMrkdwn(names(data.absent))}`);
      if (data.missing.length > 0) lines.push(`*Not yet checked in:* ${escapeMrkdwn(names(data.missing))}`);
      if (data.late) lines.push(`_${LATE_SUMMARY}_`);
      const text = `${title}: ${summaryCounts(data)}`;
      return slack(data.late ? `${text} (late)` : text, lines.join('\n'));
    }
    case 'echo.answered': {
      const { data } = event;
      const headline = `New answer to "${oneLine(data.echo.question)}"`;
      const where = `${oneLine(data.team.name)}, ${data.answer.period}`;
      const lines = [`*${escapeMrkdwn(headline)}* (${escapeMrkdwn(where)})`];
      lines.push(
        data.answer.text === null ? '_The answer is still being written._' : quoted(data.answer.text),
      );
      if (data.answer.url) lines.push(link(data.answer.url, 'Read the answer'));
      return slack(`${headline} (${where})`, lines.join('\n'));
    }
  }
}

// --- email ------------------------------------------------------------------------------------------

const PERSON_FOOTER = 'To change or stop these reminders: pulse me reminders set, or pulse me reminders off.';
const teamFooter = (team: { name: string }) =>
  `Sent to the channel of the team ${oneLine(team.name)}. To change what it receives: pulse team notifications.`;

function email(subject: string, paragraphs: (string | null | false)[], footer: string): EmailMessage {
  const body = paragraphs.filter((paragraph): paragraph is string => typeof paragraph === 'string');
  return { subject: oneLine(subject), text: `${body.join('\n\n')}\n\n-- \n${footer}\n` };
}

/** The email of a notification event: its subject and plain text. */
export function notificationEmail(event: NotificationEvent): EmailMessage {
  switch (event.type) {
    case 'reminder.due': {
      const { data } = event;
      const how = data.url
        ? `To check in, run: ${data.command}\nor open: ${data.url}`
        : `To check in, run: ${data.command}`;
      return email(
        `${reminderHeadline(data)}${data.late ? ' (late)' : ''}`,
        [
          `Hello ${oneLine(data.person.name)},`,
          `your check-in for ${dayLabel(data.date)} is still to do.`,
          how,
          !!data.previous_intentions &&
            !!data.previous_date &&
            `Your intentions last time (${dayLabel(data.previous_date)}):\n${indented(data.previous_intentions, '  ')}`,
          data.late && LATE_REMINDER(data),
        ],
        PERSON_FOOTER,
      );
    }
    case 'checkin.blocked': {
      const { data } = event;
      const person = oneLine(data.person.name);
      return email(
        `[${data.team.name}] ${person} is blocked`,
        [
          `${person} completed their check-in for ${dayLabel(data.check_in.date)} with a blocker:`,
          indented(data.check_in.blockers, '  '),
          !!data.check_in.url && `View the check-in: ${data.check_in.url}`,
        ],
        teamFooter(data.team),
      );
    }
    case 'team.summary': {
      const { data } = event;
      const list = (title: string, people: { name: string }[]) =>
        people.length > 0 && `${title}:\n${people.map((person) => `  ${oneLine(person.name)}`).join('\n')}`;
      return email(
        `[${data.team.name}] ${dayLabel(data.date)}: ${summaryCounts(data)}${data.late ? ' (late)' : ''}`,
        [
          `${oneLine(data.team.name)} on ${dayLabel(data.date)}: ${summaryCounts(data)}.`,
          list('Checked in', data.checked_in),
          data.blocked.length > 0 &&
            `Blocked:\n${data.blocked
              .map((person) => `  ${oneLine(person.name)}: ${oneLine(clip(person.blockers, MAX_LISTED))}`)
              .join('\n')}`,
          list('Absent', data.absent),
          list('Not yet checked in', data.missing),
          data.late && LATE_SUMMARY,
        ],
        teamFooter(data.team),
      );
    }
    case 'echo.answered': {
      const { data } = event;
      return email(
        `[${data.team.name}] New answer to "${data.echo.question}"`,
        [
          `A new answer to the Echo "${oneLine(data.echo.question)}" (${data.answer.period}):`,
          data.answer.text === null ? 'The answer is still being written.' : indented(data.answer.text, '  '),
          !!data.answer.url && `Read it: ${data.answer.url}`,
        ],
        teamFooter(data.team),
      );
    }
  }
}
