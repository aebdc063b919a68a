/**
 * The core's rows as their tables store them (schema.ts): booleans as 0/1, a team's days and questions
 * as text, and without the lists a row gathers from other tables. Written once for the repository's
 * writes and the seed writer (seed-writer.ts), which bulk-loads the same rows without Kysely.
 */
import type { CheckInRow, GoalRow, PersonRow, TeamQuestionTexts, TeamRow } from '../../core/repository.js';
import type { CheckInTable, GoalTable, PersonTable, TeamTable } from '../schema.js';
import { flag } from '../sql-values.js';

export const questionsJson = (questions: TeamQuestionTexts | null) =>
  questions === null ? null : JSON.stringify(questions);

/** E-mail addresses are kept lower-case: they are looked up whatever case they are given in. */
export function storedPerson(person: PersonRow): PersonTable {
  return { ...person, email: person.email.toLowerCase(), administrator: flag(person.administrator) };
}

export function storedTeam(team: TeamRow): TeamTable {
  return {
    ...team,
    private: flag(team.private),
    completion_tracking: flag(team.completion_tracking),
    mood_tracking: flag(team.mood_tracking),
    report_days: team.report_days.join(','),
    questions: questionsJson(team.questions),
  };
}

export function storedCheckIn({ team_ids, ...fields }: CheckInRow): CheckInTable {
  return {
    ...fields,
    previous_completed: fields.previous_completed === null ? null : flag(fields.previous_completed),
    blocked: flag(fields.blocked),
  };
}

export function storedGoal({ contributor_ids, team_ids, ...fields }: GoalRow): GoalTable {
  return { ...fields, private: flag(fields.private), archived: flag(fields.archived) };
}
