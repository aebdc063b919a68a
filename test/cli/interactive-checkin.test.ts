/** The interactive check-in, typed into a real pseudo-terminal against the built binary. */
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { BIN, execPulse, isolatedEnv } from '../helpers/cli.js';
import { KEYS, spawnInTerminal, type Terminal } from '../helpers/pty.js';
import { tempDir } from '../helpers/temp.js';

const DAY_MS = 86_400_000;
const ALL_DAYS = 'monday,tuesday,wednesday,thursday,friday,saturday,sunday';

interface SavedCheckIn {
  date: string;
  previous: string | null;
  intentions: string | null;
  blockers: string | null;
  mood: string | null;
  previous_completed: boolean | null;
  blocked: boolean;
  completed_at: string | null;
  teams: { id: string; name: string }[];
}

let env: Record<string, string>;
let store: string;

const pulse = async (args: string[]) => {
  const result = await execPulse(['--store', store, ...args], { env });
  expect(result.exitCode, result.stderr).toBe(0);
  return result.stdout;
};
const todaysCheckIn = async (): Promise<SavedCheckIn> =>
  JSON.parse(await pulse(['checkin', 'view', 'today', '--json']));
const completedCheckIns = async (): Promise<SavedCheckIn[]> =>
  JSON.parse(await pulse(['checkin', 'list', '--json']));
const teamNames = (checkIn: SavedCheckIn) => checkIn.teams.map((team) => team.name).sort();

/** Today in UTC (the zone of the store's person, as TZ=UTC), and the most recent Monday..Friday before it. */
const utcDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const addDaysTo = (date: string, days: number) => utcDate(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS);
function lastWeekdayBefore(date: string): string {
  let ms = Date.parse(`${date}T00:00:00Z`);
  do ms -= DAY_MS;
  while ([0, 6].includes(new Date(ms).getUTCDay()));
  return utcDate(ms);
}

/** `pulse checkin` on a 120x40 terminal, with the test's isolated home and nothing that turns off prompts. */
function startCheckIn(extraEnv: Record<string, string> = {}): Terminal {
  const terminalEnv: Record<string, string> = { ...env, TERM: 'xterm-256color', ...extraEnv };
  for (const name of ['NO_COLOR', 'FORCE_COLOR', 'CI', 'PULSE_NO_INPUT']) delete terminalEnv[name];
  return spawnInTerminal([BIN, '--store', store, 'checkin'], terminalEnv);
}

/** Init with team Core (Monday..Friday), then team Everyday (every day) so that today always has a check-in. */
async function initAnaInCoreAndEveryday(): Promise<void> {
  await pulse(['init', '--name', 'Ana Diaz', '--email', 'ana@example.com', '--team', 'Core']);
  await pulse([
    'admin',
    'team',
    'add',
    '--name',
    'Everyday',
    '--report-days',
    ALL_DAYS,
    '--member',
    'ana@example.com',
  ]);
}

beforeEach(() => {
  env = isolatedEnv();
  store = join(tempDir('pulse-store-'), 'pulse.db');
});

describe('pulse checkin on a terminal, in two teams', () => {
  beforeEach(initAnaInCoreAndEveryday);

  it('asks each question in turn, saves exactly the answers and exits 0', async () => {
    const terminal = startCheckIn();
    await terminal.answer('What did you get done since your last check-in?', `Wrote the parser${KEYS.enter}`);
    await terminal.answer('What do you intend to do today?', `Write the tests${KEYS.enter}`);
    await terminal.answer('Is anything blocking you?', `waiting on review${KEYS.enter}`);
    // calm, happy, excited: two steps down.
    await terminal.answer('How do you feel?', `${KEYS.down}${KEYS.down}${KEYS.enter}`);
    await terminal.answer('Share with which teams?', KEYS.enter);
    await terminal.answer('Save this check-in?', KEYS.enter);
    await terminal.waitFor('Saved your check-in');
    expect(await terminal.exit).toEqual({ exitCode: 0, signal: 0 });

    const shown = terminal.output();
    // No earlier check-in: the question about earlier intentions is not asked.
    expect(shown).not.toContain('Did you do what you intended?');
    expect(shown).toMatch(/Check-in for \w+ \d{4}-\d{2}-\d{2} \(today\)/);
    expect(shown).toContain('✔ How do you feel? 🤩 excited');

    const saved = await todaysCheckIn();
    expect(saved).toMatchObject({
      previous: 'Wrote the parser',
      intentions: 'Write the tests',
      blockers: 'waiting on review',
      mood: 'excited',
      previous_completed: null,
      blocked: true,
    });
    expect(saved.completed_at).not.toBeNull();
    expect(teamNames(saved)).toEqual(['Core', 'Everyday']);
    expect(await completedCheckIns()).toHaveLength(1);
  });

  it('shows the intentions of the last check-in and records that they were not done', async () => {
    const today = utcDate(Date.now());
    const earlier = lastWeekdayBefore(today);
    await pulse([
      'checkin',
      '--date',
      earlier,
      '--previous',
      'Planned the week',
      '--intentions',
      'Ship the importer\nWrite its docs',
      '--blockers',
      'none',
    ]);

    const weekday = new Date(`${earlier}T00:00:00Z`).toLocaleDateString('en-US', {
      weekday: 'long',
      timeZone: 'UTC',
    });

    const terminal = startCheckIn();
    await terminal.waitFor(`On ${weekday} ${earlier} you intended:`);
    await terminal.waitFor('  Ship the importer');
    await terminal.waitFor('  Write its docs');
    await terminal.answer('Did you do what you intended?', `n${KEYS.enter}`);
    await terminal.answer(
      'What did you get done since your last check-in?',
      `Fixed bugs instead${KEYS.enter}`,
    );
    await terminal.answer('What do you intend to do today?', `Ship it${KEYS.enter}`);
    // The default answer "none": not blocked.
    await terminal.answer('Is anything blocking you?', KEYS.enter);
    // The first mood, calm.
    await terminal.answer('How do you feel?', KEYS.enter);
    // Both teams are ticked to begin with: keep them.
    await terminal.answer('Share with which teams?', KEYS.enter);
    await terminal.answer('Save this check-in?', `y${KEYS.enter}`);
    expect(await terminal.exited).toBe(0);

    const saved = await todaysCheckIn();
    expect(saved.date).toBe(today);
    expect(saved).toMatchObject({
      previous: 'Fixed bugs instead',
      intentions: 'Ship it',
      blockers: 'none',
      blocked: false,
      mood: 'calm',
      previous_completed: false,
    });
    expect(teamNames(saved)).toEqual(['Core', 'Everyday']);
    // The earlier check-in is left as it was.
    const earlierCheckIn: SavedCheckIn = JSON.parse(await pulse(['checkin', 'view', earlier, '--json']));
    expect(earlierCheckIn).toMatchObject({
      intentions: 'Ship the importer\nWrite its docs',
      previous_completed: null,
    });
  });

  it('opens the editor for :e and saves what was written there', async () => {
    const dir = tempDir('pulse-editor-');
    const editor = join(dir, 'fake-editor.sh');
    const seen = join(dir, 'edited-file');
    const markdown = '## Plan\n\n- finish the *importer*\n- review `#42`\n\nThen lunch.';
    writeFileSync(join(dir, 'answer.md'), `${markdown}\n`);
    // Writes the prepared Markdown into the file it is given ($1), and notes which file that was.
    writeFileSync(
      editor,
      `#!/bin/sh\nprintf '%s' "$1" > '${seen}'\ncat '${join(dir, 'answer.md')}' > "$1"\n`,
    );
    chmodSync(editor, 0o755);

    const terminal = startCheckIn({ PULSE_EDITOR: editor });
    await terminal.answer('What did you get done since your last check-in?', `Reviewed${KEYS.enter}`);
    await terminal.answer('What do you intend to do today?', `:e${KEYS.enter}`);
    await terminal.answer('Is anything blocking you?', KEYS.enter);
    await terminal.answer('How do you feel?', KEYS.enter);
    await terminal.answer('Share with which teams?', KEYS.enter);
    await terminal.answer('Save this check-in?', KEYS.enter);
    expect(await terminal.exited).toBe(0);

    const saved = await todaysCheckIn();
    expect(saved.intentions).toBe(markdown);
    expect(saved.previous).toBe('Reviewed');
    // The editor was given a temporary Markdown file for the answer, removed afterwards.
    const edited = readFileSync(seen, 'utf8');
    expect(edited).toMatch(/intentions\.md$/);
    expect(existsSync(edited)).toBe(false);
  });

  it('stops at Ctrl-C on the first question with exit 130 and saves nothing', async () => {
    const terminal = startCheckIn();
    await terminal.answer('What did you get done since your last check-in?', KEYS.ctrlC);
    expect(await terminal.exit).toEqual({ exitCode: 130, signal: 0 });
    expect(terminal.output()).toContain('cancelled');
    expect(terminal.output()).not.toContain('What do you intend to do today?');
    expect(await pulse(['checkin', 'list', '--json'])).toBe('[]');
    expect((await todaysCheckIn()).completed_at).toBeNull();
  });

  it('saves nothing when "Save this check-in?" is answered no (exit 130), and keeps the answers to resume', async () => {
    const terminal = startCheckIn();
    await terminal.answer('What did you get done since your last check-in?', `a${KEYS.enter}`);
    await terminal.answer('What do you intend to do today?', `b${KEYS.enter}`);
    await terminal.answer('Is anything blocking you?', KEYS.enter);
    await terminal.answer('How do you feel?', KEYS.enter);
    await terminal.answer('Share with which teams?', KEYS.enter);
    await terminal.answer('Save this check-in?', `n${KEYS.enter}`);
    expect(await terminal.exited).toBe(130);
    expect(terminal.output()).toContain('cancelled');
    expect(terminal.output()).toContain(`Resume them with: pulse checkin --date ${utcDate(Date.now())}`);
    expect(terminal.output()).not.toContain('Saved your check-in');
    expect(await pulse(['checkin', 'list', '--json'])).toBe('[]');
    const today = await todaysCheckIn();
    expect(today).toMatchObject({ previous: null, intentions: null, completed_at: null });
  });
});

describe('pulse checkin on a terminal: nothing typed is lost', () => {
  beforeEach(initAnaInCoreAndEveryday);

  const draftsFile = () =>
    join(
      env.XDG_STATE_HOME ?? join(env.HOME as string, '.local', 'state'),
      'pulse',
      'drafts',
      'default.json',
    );
  const today = () => utcDate(Date.now());
  const keptDrafts = () => JSON.parse(readFileSync(draftsFile(), 'utf8')).drafts;

  it('keeps the answers given and the line being typed at Ctrl-C, says how to resume, and exits 130', async () => {
    const terminal = startCheckIn();
    await terminal.answer('What did you get done since your last check-in?', `Wrote the parser${KEYS.enter}`);
    await terminal.answer('What do you intend to do today?', 'Write the te');
    await terminal.waitFor('Write the te');
    terminal.type(KEYS.ctrlC);
    expect(await terminal.exit).toEqual({ exitCode: 130, signal: 0 });
    expect(terminal.output()).toContain(
      `pulse: cancelled; your answers so far are kept in ${draftsFile()}.\r\nResume them with: pulse checkin --date ${today()}`,
    );
    // Nothing is saved to the store.
    expect(await pulse(['checkin', 'list', '--json'])).toBe('[]');
    expect(keptDrafts()).toEqual([
      {
        base_url: store,
        interrupted: true,
        date: today(),
        answers: { previous: 'Wrote the parser', intentions: 'Write the te' },
        saved_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      },
    ]);
    expect(statSync(draftsFile()).mode & 0o777).toBe(0o600);
    expect(statSync(dirname(draftsFile())).mode & 0o777).toBe(0o700);
  });

  it('offers the kept answers on the next pulse checkin; a completed check-in removes its draft', async () => {
    const first = startCheckIn();
    await first.answer('What did you get done since your last check-in?', `Wrote the parser${KEYS.enter}`);
    await first.answer('What do you intend to do today?', `Write the tests${KEYS.enter}`);
    await first.answer('Is anything blocking you?', KEYS.ctrlC);
    expect(await first.exited).toBe(130);

    const terminal = startCheckIn();
    await terminal.answer(
      /Resume the check-in for \w+ [\d-]+ you stopped \(2 answers kept\)\? No discards them\./,
      KEYS.enter,
    );
    // The kept answers are the defaults: Enter takes each.
    await terminal.answer('What did you get done since your last check-in? (Wrote the parser)', KEYS.enter);
    await terminal.answer('What do you intend to do today? (Write the tests)', KEYS.enter);
    await terminal.answer('Is anything blocking you?', KEYS.enter);
    await terminal.answer('How do you feel?', KEYS.enter);
    await terminal.answer('Share with which teams?', KEYS.enter);
    await terminal.answer('Save this check-in?', KEYS.enter);
    expect(await terminal.exited).toBe(0);
    expect(await todaysCheckIn()).toMatchObject({
      previous: 'Wrote the parser',
      intentions: 'Write the tests',
      blockers: 'none',
      mood: 'calm',
    });
    expect(existsSync(draftsFile())).toBe(false);
  });

  it('answering no to the offer discards the kept answers', async () => {
    const first = startCheckIn();
    await first.answer('What did you get done since your last check-in?', `Wrote the parser${KEYS.enter}`);
    await first.answer('What do you intend to do today?', KEYS.ctrlC);
    expect(await first.exited).toBe(130);

    const terminal = startCheckIn();
    await terminal.answer(/Resume the check-in .* \(1 answer kept\)/, `n${KEYS.enter}`);
    await terminal.waitFor(`Discarded the answers kept for`);
    await terminal.answer('What did you get done since your last check-in?', KEYS.ctrlC);
    expect(await terminal.exited).toBe(130);
    expect(existsSync(draftsFile())).toBe(false);
  });

  it('keeps the answers when the terminal hangs up (SIGHUP) and when input ends (Ctrl-D)', async () => {
    const hungUp = startCheckIn();
    await hungUp.answer('What did you get done since your last check-in?', `Wrote the parser${KEYS.enter}`);
    await hungUp.waitFor('What do you intend to do today?');
    hungUp.kill('SIGHUP');
    expect((await hungUp.exit).exitCode).toBe(130);
    expect(keptDrafts()[0].answers).toEqual({ previous: 'Wrote the parser' });

    const ended = startCheckIn();
    await ended.answer(/Resume the check-in/, KEYS.enter);
    await ended.answer('What did you get done since your last check-in?', KEYS.enter);
    // Ctrl-D on a line with text in it is readline's delete, not the end of input.
    await ended.answer('What do you intend to do today?', 'Ship it');
    await ended.waitFor('Ship it');
    ended.type(`\u0004${KEYS.enter}`);
    await ended.answer('Is anything blocking you?', '\u0004');
    expect((await ended.exit).exitCode).toBe(130);
    expect(keptDrafts()[0].answers).toEqual({ previous: 'Wrote the parser', intentions: 'Ship it' });
  });

  it('without a terminal, says that answers are kept and how to resume or drop them', async () => {
    const first = startCheckIn();
    await first.answer('What did you get done since your last check-in?', `Wrote the parser${KEYS.enter}`);
    await first.answer('What do you intend to do today?', KEYS.ctrlC);
    expect(await first.exited).toBe(130);

    const refused = await execPulse(['--store', store, 'checkin', '--previous', 'x'], { env });
    expect(refused.exitCode).toBe(2);
    const weekdayAndDate = `${new Date(`${today()}T00:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' })} ${today()}`;
    expect(refused.stderr).toBe(
      `You have an unfinished check-in for ${weekdayAndDate} (kept when its prompts stopped): resume it on a terminal with pulse checkin --date ${today()}, or drop it with pulse checkin --date ${today()} --discard-draft.\n` +
        'pulse: missing --intentions, --blockers (or give them in --file); prompts need a terminal and no --no-input\nRun with --help for usage.',
    );
    const dropped = await execPulse(['--store', store, 'checkin', '--date', today(), '--discard-draft'], {
      env,
    });
    expect(dropped).toMatchObject({
      exitCode: 0,
      stderr: `Discarded the answers kept for ${weekdayAndDate}.`,
    });
    expect(existsSync(draftsFile())).toBe(false);
  });

  it('a check-in saved without prompts replaces the kept answers, and says so', async () => {
    const first = startCheckIn();
    await first.answer('What did you get done since your last check-in?', `Wrote the parser${KEYS.enter}`);
    await first.answer('What do you intend to do today?', KEYS.ctrlC);
    expect(await first.exited).toBe(130);
    const saved = await execPulse(
      ['--store', store, 'checkin', '--previous', 'a', '--intentions', 'b', '--blockers', 'none', '--json'],
      { env },
    );
    expect(saved.exitCode).toBe(0);
    expect(saved.stderr).toMatch(
      /^Removed your unfinished check-in draft for \w+ [\d-]+: this check-in replaces it\.$/,
    );
    expect(existsSync(draftsFile())).toBe(false);
  });

  it('drops answers kept more than 7 days after their date, with a note', async () => {
    const old = addDaysTo(today(), -8);
    mkdirSync(dirname(draftsFile()), { recursive: true, mode: 0o700 });
    writeFileSync(
      draftsFile(),
      JSON.stringify({
        version: 1,
        drafts: [
          {
            base_url: store,
            interrupted: true,
            date: old,
            answers: { previous: 'old' },
            saved_at: `${old}T10:00:00.000Z`,
          },
          {
            base_url: store,
            interrupted: true,
            date: addDaysTo(today(), -7),
            answers: { previous: 'week' },
            saved_at: `${old}T10:00:00.000Z`,
          },
        ],
      }),
    );
    const result = await execPulse(
      ['--store', store, 'checkin', '--previous', 'a', '--intentions', 'b', '--blockers', 'none'],
      { env },
    );
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toContain(`Dropped the unfinished check-in for `);
    expect(result.stderr).toContain(`${old}: drafts are kept 7 days after their date.`);
    expect(keptDrafts().map((draft: { date: string }) => draft.date)).toEqual([addDaysTo(today(), -7)]);
  });
});

describe('pulse checkin on a terminal: the confirm screen', () => {
  beforeEach(initAnaInCoreAndEveryday);

  it('shows every answer as it will be saved, the text written in the editor in full', async () => {
    const dir = tempDir('pulse-editor-');
    const editor = join(dir, 'fake-editor.sh');
    writeFileSync(join(dir, 'answer.md'), '## Plan\n\n- finish the *importer*\n- review #42\n');
    writeFileSync(editor, `#!/bin/sh\ncat '${join(dir, 'answer.md')}' > "$1"\n`);
    chmodSync(editor, 0o755);
    const long = 'word '.repeat(40).trim();

    const terminal = startCheckIn({ PULSE_EDITOR: editor });
    await terminal.answer('What did you get done since your last check-in?', `${long}${KEYS.enter}`);
    await terminal.answer('What do you intend to do today?', `:e${KEYS.enter}`);
    await terminal.answer('Is anything blocking you?', KEYS.enter);
    await terminal.answer('How do you feel?', KEYS.enter);
    await terminal.answer('Share with which teams?', KEYS.enter);
    await terminal.waitFor('Save this check-in?');
    const shown = terminal.output();
    expect(shown).toContain('What do you intend to do today? (written in your editor)');
    expect(shown).toContain('✔ What do you intend to do today? (written in your editor)');
    expect(shown).not.toContain('✔ What do you intend to do today? :e');
    const summaryStart = shown.lastIndexOf('To be saved for');
    expect(
      shown.slice(summaryStart, shown.indexOf('Save this check-in?', summaryStart)).replace(/\r\n/g, '\n'),
    ).toBe(
      `To be saved for ${shown.slice(summaryStart).match(/To be saved for (\w+ [\d-]+):/)?.[1]}:\n` +
        `Previous\n  ${long}\n` +
        'Intentions\n  ## Plan\n  \n  - finish the *importer*\n  - review #42\n' +
        'Blockers\n  none\n' +
        'Mood 😌 calm\n' +
        'Teams Core, Everyday\n\n? ',
    );
    terminal.type(KEYS.enter);
    expect(await terminal.exited).toBe(0);
    expect((await todaysCheckIn()).intentions).toBe('## Plan\n\n- finish the *importer*\n- review #42');
  });
});

describe('pulse checkin on a terminal, in one team', () => {
  it('does not ask which teams to share with', async () => {
    // Core reports Monday..Friday only; Ana moves to Everyday so that today is a report day of her one team.
    await initAnaInCoreAndEveryday();
    await pulse(['admin', 'team', 'leave', '--team', 'Core', '--person', 'ana@example.com']);
    const terminal = startCheckIn();
    await terminal.answer('What did you get done since your last check-in?', `a${KEYS.enter}`);
    await terminal.answer('What do you intend to do today?', `b${KEYS.enter}`);
    await terminal.answer('Is anything blocking you?', KEYS.enter);
    await terminal.answer('How do you feel?', KEYS.enter);
    await terminal.answer('Save this check-in?', KEYS.enter);
    expect(await terminal.exited).toBe(0);
    expect(terminal.output()).not.toContain('Share with which teams?');
    expect(teamNames(await todaysCheckIn())).toEqual(['Everyday']);
  });
});
