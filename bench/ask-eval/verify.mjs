// Checks the written store against the generated facts through the Service, before any question is
// scored: every completed check-in (date, blocked, mood), every scheduled date left missing, every absence
// (no check-in scheduled), every activity's kind and date, every goal update's confidence. A difference
// means an expectation would be wrong, so the evaluation stops instead of scoring against it.
import { weekdayOf } from './history.mjs';

async function everyPage(list) {
  const items = [];
  for (let page = 1; ; page++) {
    const result = await list({ page, per_page: 50 });
    items.push(...result.items);
    if (!result.hasNext) return items;
  }
}

/** The differences between the store and the facts, as sentences; empty when they agree. */
export async function verifyHistory(store) {
  const { history, instance, ids } = store;
  const problems = [];
  const keyOfPerson = new Map([...ids.people].map(([key, id]) => [id, key]));
  const admin = instance.serviceFor(ids.people.get(history.admin.key));
  const [from, to] = [history.days[0], history.today];

  const stored = await everyPage((q) => admin.listCheckIns({ ...q, since: from, until: to }));
  const storedKey = (c) => `${keyOfPerson.get(c.person.id)} ${c.date}`;
  const expected = new Map(history.checkIns.map((c) => [`${c.person} ${c.date}`, c]));
  if (stored.length !== expected.size)
    problems.push(`${stored.length} completed check-ins stored, ${expected.size} generated`);
  for (const checkIn of stored) {
    const fact = expected.get(storedKey(checkIn));
    if (!fact) problems.push(`check-in ${storedKey(checkIn)} stored but not generated`);
    else if (checkIn.blocked !== fact.blocked || checkIn.mood !== fact.mood || checkIn.absent)
      problems.push(`check-in ${storedKey(checkIn)} differs (blocked, mood or absent)`);
  }

  // Every date of every person: completed, scheduled and missing, or not scheduled (absent or no report).
  const missing = new Set(history.missing.map((m) => `${m.person} ${m.date}`));
  const absent = new Set(history.absences.map((a) => `${a.person} ${a.date}`));
  for (const person of history.people) {
    const team = history.teams.find((t) => t.key === person.team);
    const service = instance.serviceFor(ids.people.get(person.key));
    for (const date of history.days) {
      const key = `${person.key} ${date}`;
      const reportDay = team.reportDays.includes(weekdayOf(date));
      const out = absent.has(key) || history.holidays.some((h) => h.team === team.key && h.date === date);
      let checkIn;
      try {
        checkIn = await service.getCheckIn(date);
      } catch (error) {
        if (error.name !== 'NotFoundError' && !/no check-in on/.test(error.message)) throw error;
      }
      const state = !checkIn ? 'unscheduled' : checkIn.completed_at ? 'completed' : 'missing';
      const wanted = !reportDay || out ? 'unscheduled' : expected.has(key) ? 'completed' : 'missing';
      if (state !== wanted) problems.push(`${key}: ${state} in the store, ${wanted} in the facts`);
      if (wanted === 'missing' && !missing.has(key)) problems.push(`${key}: missing but not recorded so`);
    }
  }

  const activities = await everyPage((q) =>
    admin.listActivities({ ...q, since: `${from}T00:00:00Z`, until: history.now }),
  );
  const activityKey = (person, kind, date) => `${person} ${kind} ${date}`;
  const storedActivities = activities
    .map((a) => activityKey(keyOfPerson.get(a.person.id), a.kind, a.recorded_at.slice(0, 10)))
    .sort();
  const generated = history.activities.map((a) => activityKey(a.person, a.kind, a.date)).sort();
  if (JSON.stringify(storedActivities) !== JSON.stringify(generated))
    problems.push(`activities differ: ${storedActivities.length} stored, ${generated.length} generated`);

  for (const goal of history.goals) {
    const updates = await everyPage((q) => admin.listGoalUpdates(ids.goals.get(goal.key), q));
    const storedUpdates = updates.map((u) => `${u.created_at.slice(0, 10)} ${u.confidence}`).sort();
    const wanted = goal.updates.map((u) => `${u.date} ${u.confidence}`).sort();
    if (JSON.stringify(storedUpdates) !== JSON.stringify(wanted))
      problems.push(`goal ${goal.key}'s updates differ: ${storedUpdates} stored, ${wanted} generated`);
  }
  return problems;
}
