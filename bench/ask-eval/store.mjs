// Writes a generated history (history.mjs) into a new SQLite store through pulse's own Service, as its
// people would have, day by day under an injected clock; then the clock stays at the history's "now".
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A clock the writer moves; the answers are asked at `history.now`. */
function steppingClock(at) {
  let instant = new Date(at);
  return { now: () => new Date(instant), set: (next) => (instant = new Date(next)) };
}

/**
 * `dir`: where the store is written (kept); by default a temporary directory, removed by close().
 * Returns { history, instance, ids: { people, teams, goals } (key -> id), answer(askerKey, prompt), close() }.
 * `answer` runs the answer engine in process (answerQuestion) as that person at the history's now.
 */
export async function writeHistory(history, { dir, inMemory = false } = {}) {
  const { openInstance, answerAs } = await import('../../dist/bench-api.js');
  // In memory (a tmpfs, where there is one), the test's small store is written without waiting on a disk.
  const base = inMemory && existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
  const workDir = dir ?? mkdtempSync(join(base, 'pulse-ask-eval-'));
  const clock = steppingClock(`${history.days[0]}T08:00:00Z`);
  const instance = await openInstance(join(workDir, 'eval.db'), { clock, publicUrl: 'http://127.0.0.1' });
  const ids = { people: new Map(), teams: new Map(), goals: new Map() };
  try {
    const { admin } = history;
    const first = history.teams[0];
    ids.people.set(
      admin.key,
      await instance.admin.initialise({
        name: admin.name,
        email: admin.email,
        username: admin.username,
        timeZone: admin.zone,
        teamName: first.name,
      }),
    );
    // The administrator reads every team without reporting to one.
    await instance.admin.leaveTeam(first.name, admin.email);
    for (const team of history.teams) {
      if (team === first) continue;
      await instance.admin.addTeam({ name: team.name, private: team.private, reportDays: team.reportDays });
    }
    const teamList = (await instance.serviceFor(ids.people.get(admin.key)).listTeams({ per_page: 50 })).items;
    for (const team of history.teams) ids.teams.set(team.key, teamList.find((t) => t.name === team.name).id);
    for (const person of history.people) {
      const team = history.teams.find((t) => t.key === person.team);
      ids.people.set(
        person.key,
        await instance.admin.addPerson({
          name: person.name,
          email: person.email,
          username: person.username,
          timeZone: person.zone,
          teams: [team.name],
        }),
      );
    }
    for (const holiday of history.holidays) {
      await instance.admin.addTeamAbsence(
        history.teams.find((t) => t.key === holiday.team).name,
        holiday.date,
      );
    }
    for (const absence of history.absences) {
      await instance.admin.addMemberAbsence(
        history.people.find((p) => p.key === absence.person).email,
        absence.date,
      );
    }
    const as = (key) => instance.serviceFor(ids.people.get(key));
    for (const goal of history.goals) {
      const created = await as(goal.owner).createGoal({
        title: goal.title,
        owner_id: ids.people.get(goal.owner),
        team_ids: [ids.teams.get(goal.team)],
      });
      ids.goals.set(goal.key, created.id);
    }

    const emailOf = new Map(history.people.map((p) => [p.key, p.email]));
    const checkInIds = new Map();
    for (const date of history.days) {
      for (const goal of history.goals) {
        for (const update of goal.updates.filter((u) => u.date === date)) {
          clock.set(`${date}T10:00:00Z`);
          await as(goal.owner).createGoalUpdate(ids.goals.get(goal.key), {
            body: `Weekly note on ${goal.title.toLowerCase()}`,
            confidence: update.confidence,
            progress: update.progress,
          });
        }
      }
      const events = [
        ...history.activities.filter((a) => a.date === date).map((item) => ({ at: item.at, order: 0, item })),
        ...history.checkIns
          .map((item, index) => ({ at: item.at, order: 1, item, index }))
          .filter((e) => e.item.date === date),
        ...history.comments.filter((c) => c.date === date).map((item) => ({ at: item.at, order: 2, item })),
      ].sort((a, b) => a.at.localeCompare(b.at) || a.order - b.order);
      for (const event of events) {
        clock.set(event.at);
        const { item } = event;
        if (event.order === 0) {
          const team = await instance.teamServiceFor(ids.teams.get(item.team));
          await team.createStatusActivity({
            email: emailOf.get(item.person),
            source: item.kind,
            description: item.description,
          });
        } else if (event.order === 1) {
          const written = await as(item.person).updateCheckIn(item.date, {
            previous: item.previous,
            intentions: item.intentions,
            blockers: item.blockers,
            mood: item.mood,
          });
          checkInIds.set(event.index, written.id);
        } else {
          await as(item.person).createComment(
            { type: 'check-in', id: checkInIds.get(item.checkIn) },
            { body: item.body },
          );
        }
      }
    }
    clock.set(history.now);
  } catch (error) {
    await instance.close();
    if (!dir) rmSync(workDir, { recursive: true, force: true });
    throw error;
  }
  return {
    history,
    instance,
    ids,
    answer: (askerKey, prompt) => answerAs(instance, ids.people.get(askerKey), prompt, clock.now()),
    async close() {
      await instance.close();
      if (!dir) rmSync(workDir, { recursive: true, force: true });
    },
  };
}
