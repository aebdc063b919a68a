/** `pulse admin team api-key|questions`: a team's v1 API key and the question texts of its reports. */
import type { TeamQuestionTexts } from '../../../core/repository.js';
import type { CommandContext } from '../../command-context.js';
import { UsageError } from '../../errors.js';

export interface ApiKeyOptions {
  team: string;
  rotate?: boolean;
}

/**
 * Prints `TEAM_ID API_KEY` alone on stdout (what `pulse auth login --team-id` and integrations need); the
 * key is shown once, only its hash is kept. An existing key is replaced only with --rotate.
 */
export async function apiKey(cc: CommandContext, options: ApiKeyOptions): Promise<void> {
  const { admin } = await cc.backends.operator();
  const { teamId, apiKey } = await admin.teamApiKey(options.team, { rotate: options.rotate ?? false });
  cc.out.line(`${teamId} ${apiKey}`);
  cc.out.note(
    `Copy the key now: it is shown once.${options.rotate ? ' The previous key no longer works.' : ''} ` +
      `A client keeps it with: pulse auth login --team-id ${teamId}`,
  );
}

export interface QuestionsOptions {
  team: string;
  previous?: string;
  next?: string;
  blockers?: string;
  previousCompleted?: string;
  reset?: boolean;
}

/**
 * The given texts replace those questions and leave the others as they are; --reset brings every question
 * back to its default, alone (with texts it would take two writes, and a refused text would leave the
 * questions reset).
 */
export async function questions(cc: CommandContext, options: QuestionsOptions): Promise<void> {
  const texts: TeamQuestionTexts = {};
  if (options.previous !== undefined) texts.previous = options.previous;
  if (options.next !== undefined) texts.next = options.next;
  if (options.blockers !== undefined) texts.blockers = options.blockers;
  if (options.previousCompleted !== undefined) texts.previous_completed = options.previousCompleted;
  const named = Object.keys(texts);
  if (options.reset && named.length > 0) {
    throw new UsageError('--reset goes alone: reset first, then set the questions you want');
  }
  if (!options.reset && named.length === 0) {
    throw new UsageError(
      'name a question to set (--previous, --next, --blockers, --previous-completed) or --reset',
    );
  }
  const { admin } = await cc.backends.operator();
  await admin.setTeamQuestions(options.team, options.reset ? null : texts);
  cc.out.note(
    options.reset
      ? `The questions of ${options.team} are the defaults again.`
      : `Set the ${named.join(', ')} question${named.length > 1 ? 's' : ''} of ${options.team}.`,
  );
}
