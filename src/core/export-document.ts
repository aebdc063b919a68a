/**
 * The shape of `pulse export --format json` (docs/guide/export.md): everything one person can see, as
 * the v2 interface's documented resources, under a version. `pulse import` reads it back (importer.ts).
 * It holds no time of its own (no "exported at"), so two exports of the same data are the same bytes.
 */
import { BadRequestError, ValidationError } from './errors.js';
import { textErrors } from './text.js';
import type {
  Account,
  Activity,
  Ask,
  CheckIn,
  Comment,
  EchoAnswer,
  EchoQuestion,
  Goal,
  GoalUpdate,
  Person,
  Reaction,
  Team,
} from './types.js';

/** The version of the document this pulse writes and reads. */
export const EXPORT_VERSION = 1;

export interface MemberAbsence {
  person_id: string;
  date: string;
}

export interface TeamAbsence {
  team_id: string;
  date: string;
}

/** Lists are in a documented, stable order: by their time (or date) ascending, then by id. */
export interface ExportDocument {
  pulse_export: typeof EXPORT_VERSION;
  /** The person whose view this is; they become the default person of a store the import creates. */
  exported_by: string;
  /** `--since DATE` when given: what changed or happened before it is left out. */
  since: string | null;
  account: Account;
  people: Person[];
  teams: Team[];
  check_ins: CheckIn[];
  goals: Goal[];
  goal_updates: GoalUpdate[];
  comments: Comment[];
  reactions: Reaction[];
  echo_questions: EchoQuestion[];
  echo_answers: EchoAnswer[];
  asks: Ask[];
  activities: Activity[];
  member_absences: MemberAbsence[];
  team_absences: TeamAbsence[];
}

export const EXPORT_LISTS = [
  'people',
  'teams',
  'check_ins',
  'goals',
  'goal_updates',
  'comments',
  'reactions',
  'echo_questions',
  'echo_answers',
  'asks',
  'activities',
  'member_absences',
  'team_absences',
] as const satisfies readonly (keyof ExportDocument)[];

export type ExportList = (typeof EXPORT_LISTS)[number];

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The document in `text`, its envelope checked (version, account, every list present and a list of
 * objects); a 400 naming what is wrong otherwise. Each item's fields are checked as it is imported.
 */
export function parseExportDocument(text: string): ExportDocument {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new BadRequestError([`not JSON: ${(error as Error).message}`]);
  }
  if (!isObject(value)) throw new BadRequestError(['not a pulse export: the document is not an object']);
  if (value.pulse_export !== EXPORT_VERSION) {
    throw new BadRequestError([
      value.pulse_export === undefined
        ? 'not a pulse export: it has no "pulse_export" version'
        : `pulse_export ${JSON.stringify(value.pulse_export)} is not a version this pulse reads (${EXPORT_VERSION})`,
    ]);
  }
  const errors: string[] = [];
  const account = value.account;
  if (!isObject(account) || typeof account.id !== 'string' || typeof account.name !== 'string')
    errors.push('account must be an object with an id and a name');
  if (typeof value.exported_by !== 'string') errors.push('exported_by must be a person id');
  for (const list of EXPORT_LISTS) {
    const items = value[list];
    if (!Array.isArray(items) || !items.every(isObject)) errors.push(`${list} must be a list of objects`);
  }
  if (errors.length > 0) throw new BadRequestError(errors);
  // Held to the text rule every input is (text.ts), field by path: `check_ins[3].previous`.
  const badText = textErrors(value);
  if (badText.length > 0) throw new ValidationError(badText);
  // The envelope is checked; each item is checked as it is written (importer.ts).
  return value as unknown as ExportDocument;
}
