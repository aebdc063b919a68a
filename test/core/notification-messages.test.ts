/**
 * What people and teams read (core/notifications/messages.ts): each notification event as a Slack
 * message and as an email, exactly; a late one says so, people's text is escaped for Slack and kept
 * short, and a subject is one line whatever the names hold.
 */
import { describe, expect, it } from 'vitest';
import { notificationEmail, notificationSlack } from '../../src/core/notifications/messages.js';
import type {
  BlockedData,
  EchoAnsweredData,
  ReminderData,
  SummaryData,
} from '../../src/core/notifications/types.js';

const reminder: ReminderData = {
  person: { id: 'p1', name: 'Ana Diaz', email: 'ana@example.com' },
  date: '2026-11-26',
  reminder: 1,
  local_time: '09:30',
  due_at: '2026-11-26T08:30:00Z',
  late: false,
  command: 'pulse checkin',
  url: 'https://pulse.example.com/check-ins/2026-11-26',
  previous_intentions: 'Pair with Ben\nReview <#12> & ship',
  previous_date: '2026-11-25',
};

const blocked: BlockedData = {
  team: { id: 't1', name: 'Core' },
  check_in: {
    id: 'c1',
    date: '2026-11-26',
    blockers: 'Waiting on the API keys',
    url: 'https://pulse.example.com/check-ins/c1',
  },
  person: { id: 'p2', name: 'Ben Okafor' },
};

const summary: SummaryData = {
  team: { id: 't1', name: 'Core' },
  date: '2026-11-26',
  checked_in: [
    { id: 'p1', name: 'Ana Diaz' },
    { id: 'p2', name: 'Ben Okafor' },
  ],
  blocked: [{ id: 'p2', name: 'Ben Okafor', blockers: 'Waiting on\nthe API keys' }],
  absent: [{ id: 'p3', name: 'Cy Park' }],
  missing: [{ id: 'p4', name: 'Dee Roy' }],
  counts: { members: 4, checked_in: 2, blocked: 1, absent: 1, missing: 1 },
  late: false,
};

const answered: EchoAnsweredData = {
  team: { id: 't1', name: 'Core' },
  echo: { id: 'e1', question: 'What shipped this week?' },
  answer: {
    id: 'a1',
    period: '2026-W48',
    text: 'The importer and the status page.',
    url: 'https://pulse.example.com/echo/answers/a1',
  },
};

const section = (text: string) => [{ type: 'section', text: { type: 'mrkdwn', text } }];

describe('a reminder', () => {
  it('in Slack: the day, the command and the link, the intentions quoted and escaped', () => {
    expect(notificationSlack({ type: 'reminder.due', data: reminder })).toEqual({
      text: 'Reminder: your check-in for Thursday 2026-11-26 is still to do',
      blocks: section(
        [
          '*Reminder: your check-in for Thursday 2026-11-26 is still to do*',
          'Run `pulse checkin` or <https://pulse.example.com/check-ins/2026-11-26|check in on the web>',
          'Your intentions last time (Wednesday 2026-11-25):',
          '>Pair with Ben',
          '>Review &lt;#12&gt; &amp; ship',
        ].join('\n'),
      ),
    });
  });

  it('by email: subject and plain text', () => {
    expect(notificationEmail({ type: 'reminder.due', data: reminder })).toEqual({
      subject: 'Reminder: your check-in for Thursday 2026-11-26 is still to do',
      text: [
        'Hello Ana Diaz,',
        '',
        'your check-in for Thursday 2026-11-26 is still to do.',
        '',
        'To check in, run: pulse checkin',
        'or open: https://pulse.example.com/check-ins/2026-11-26',
        '',
        'Your intentions last time (Wednesday 2026-11-25):',
        '  Pair with Ben',
        '  Review <#12> & ship',
        '',
        '-- ',
        'To change or stop these reminders: pulse me reminders set, or pulse me reminders off.',
        '',
      ].join('\n'),
    });
  });

  it('a late second one without a link or earlier intentions says it is late', () => {
    const late: ReminderData = {
      ...reminder,
      reminder: 2,
      local_time: '11:00',
      late: true,
      url: null,
      previous_intentions: null,
      previous_date: null,
    };
    expect(notificationSlack({ type: 'reminder.due', data: late })).toEqual({
      text: 'Second reminder: your check-in for Thursday 2026-11-26 is still to do (late)',
      blocks: section(
        [
          '*Second reminder: your check-in for Thursday 2026-11-26 is still to do*',
          'Run `pulse checkin`',
          '_This reminder was due at 11:00 and is sent late: pulse was not running then._',
        ].join('\n'),
      ),
    });
    const mail = notificationEmail({ type: 'reminder.due', data: late });
    expect(mail.subject).toBe('Second reminder: your check-in for Thursday 2026-11-26 is still to do (late)');
    expect(mail.text).toBe(
      [
        'Hello Ana Diaz,',
        '',
        'your check-in for Thursday 2026-11-26 is still to do.',
        '',
        'To check in, run: pulse checkin',
        '',
        'This reminder was due at 11:00 and is sent late: pulse was not running then.',
        '',
        '-- ',
        'To change or stop these reminders: pulse me reminders set, or pulse me reminders off.',
        '',
      ].join('\n'),
    );
  });
});

describe("a team's notifications", () => {
  it('a blocked check-in', () => {
    expect(notificationSlack({ type: 'checkin.blocked', data: blocked })).toEqual({
      text: 'Ben Okafor is blocked (Core, Thursday 2026-11-26)',
      blocks: section(
        [
          '*Ben Okafor is blocked* (Core, Thursday 2026-11-26)',
          '>Waiting on the API keys',
          '<https://pulse.example.com/check-ins/c1|View the check-in>',
        ].join('\n'),
      ),
    });
    expect(notificationEmail({ type: 'checkin.blocked', data: blocked })).toEqual({
      subject: '[Core] Ben Okafor is blocked',
      text: [
        'Ben Okafor completed their check-in for Thursday 2026-11-26 with a blocker:',
        '',
        '  Waiting on the API keys',
        '',
        'View the check-in: https://pulse.example.com/check-ins/c1',
        '',
        '-- ',
        'Sent to the channel of the team Core. To change what it receives: pulse team notifications.',
        '',
      ].join('\n'),
    });
  });

  it('the daily summary: counts, then who is where', () => {
    expect(notificationSlack({ type: 'team.summary', data: summary })).toEqual({
      text: 'Core, Thursday 2026-11-26: 2 of 4 checked in, 1 blocked, 1 absent, 1 not yet',
      blocks: section(
        [
          '*Core, Thursday 2026-11-26*: 2 of 4 checked in, 1 blocked, 1 absent, 1 not yet',
          '*Checked in:* Ana Diaz, Ben Okafor',
          '*Blocked:*',
          '• Ben Okafor: Waiting on the API keys',
          '*Absent:* Cy Park',
          '*Not yet checked in:* Dee Roy',
        ].join('\n'),
      ),
    });
    expect(notificationEmail({ type: 'team.summary', data: { ...summary, late: true } })).toEqual({
      subject: '[Core] Thursday 2026-11-26: 2 of 4 checked in, 1 blocked, 1 absent, 1 not yet (late)',
      text: [
        'Core on Thursday 2026-11-26: 2 of 4 checked in, 1 blocked, 1 absent, 1 not yet.',
        '',
        'Checked in:',
        '  Ana Diaz',
        '  Ben Okafor',
        '',
        'Blocked:',
        '  Ben Okafor: Waiting on the API keys',
        '',
        'Absent:',
        '  Cy Park',
        '',
        'Not yet checked in:',
        '  Dee Roy',
        '',
        'This summary is sent late: pulse was not running at its time.',
        '',
        '-- ',
        'Sent to the channel of the team Core. To change what it receives: pulse team notifications.',
        '',
      ].join('\n'),
    });
  });

  it("an Echo's new answer, and one still being written", () => {
    expect(notificationSlack({ type: 'echo.answered', data: answered })).toEqual({
      text: 'New answer to "What shipped this week?" (Core, 2026-W48)',
      blocks: section(
        [
          '*New answer to "What shipped this week?"* (Core, 2026-W48)',
          '>The importer and the status page.',
          '<https://pulse.example.com/echo/answers/a1|Read the answer>',
        ].join('\n'),
      ),
    });
    const pending = { ...answered, answer: { ...answered.answer, text: null, url: null } };
    expect(notificationEmail({ type: 'echo.answered', data: pending })).toEqual({
      subject: '[Core] New answer to "What shipped this week?"',
      text: [
        'A new answer to the Echo "What shipped this week?" (2026-W48):',
        '',
        'The answer is still being written.',
        '',
        '-- ',
        'Sent to the channel of the team Core. To change what it receives: pulse team notifications.',
        '',
      ].join('\n'),
    });
  });
});

describe("people's text", () => {
  it('a subject is one line, whatever a name or a question holds', () => {
    const mail = notificationEmail({
      type: 'echo.answered',
      data: { ...answered, team: { id: 't1', name: 'Core\r\nBcc: x@example.com' } },
    });
    expect(mail.subject).toBe('[Core Bcc: x@example.com] New answer to "What shipped this week?"');
  });

  it('is cut at 1000 characters, with an ellipsis', () => {
    const long = 'x'.repeat(1500);
    const mail = notificationEmail({
      type: 'checkin.blocked',
      data: { ...blocked, check_in: { ...blocked.check_in, blockers: long } },
    });
    expect(mail.text).toContain(`  ${'x'.repeat(999)}…\n`);
    expect(mail.text).not.toContain('x'.repeat(1000));
  });
});
