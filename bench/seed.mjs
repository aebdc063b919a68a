// Seeds a benchmark store straight into SQLite (much faster than the CLI): people in the store's first
// team and completed check-ins spread over recent weekdays. Issue 8 adds `pulse admin seed`.
import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';

/** Recent weekdays before 2026-11-21, newest first. */
function weekdays(count) {
  const dates = [];
  for (let day = Date.UTC(2026, 10, 20); dates.length < count; day -= 86_400_000) {
    const weekday = new Date(day).getUTCDay();
    if (weekday !== 0 && weekday !== 6) dates.push(new Date(day).toISOString().slice(0, 10));
  }
  return dates;
}

/** Adds `people` people and `checkIns` check-ins (one per person and date) to an initialised store. */
export function seedCheckIns(store, { people, checkIns }) {
  const db = new Database(store);
  const team = db.prepare('select id from teams').get().id;
  const now = new Date().toISOString();
  const person = db.prepare(
    "insert into people (id, name, first_name, last_name, slug, username, email, time_zone, administrator, kind, created_at, updated_at) values (?, ?, 'Person', ?, ?, ?, ?, 'UTC', 0, 'human', ?, ?)",
  );
  const member = db.prepare('insert into memberships (team_id, person_id, created_at) values (?, ?, ?)');
  const checkIn = db.prepare(
    'insert into check_ins (id, person_id, date, previous, intentions, blockers, mood, blocked, completed_at, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const inTeam = db.prepare('insert into check_in_teams (check_in_id, team_id) values (?, ?)');
  const moods = ['calm', 'happy', 'focused', 'tired', 'stressed'];
  const started = process.hrtime.bigint();
  db.transaction(() => {
    const ids = [];
    for (let i = 0; i < people; i++) {
      const id = randomUUID();
      ids.push(id);
      person.run(
        id,
        `Person ${i}`,
        String(i),
        `person-${i}`,
        `person${i}`,
        `person${i}@bench.test`,
        now,
        now,
      );
      member.run(team, id, now);
    }
    const dates = weekdays(Math.ceil(checkIns / people));
    for (let n = 0; n < checkIns; n++) {
      const date = dates[Math.floor(n / people)];
      const id = randomUUID();
      const blocked = n % 7 === 0;
      checkIn.run(
        id,
        ids[n % people],
        date,
        'Reviewed pull requests and fixed a flaky test',
        'Finish the import job',
        blocked ? 'waiting on access to staging' : 'none',
        moods[n % moods.length],
        blocked ? 1 : 0,
        `${date}T09:${String(n % 60).padStart(2, '0')}:00.000Z`,
        now,
        now,
      );
      inTeam.run(id, team);
    }
  })();
  db.close();
  return Number(process.hrtime.bigint() - started) / 1e6;
}
