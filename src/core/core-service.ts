/**
 * The Service on a Repository, for one person: a facade that delegates each method to the part of the
 * core that owns it (people.ts, check-ins.ts, goals.ts, conversations.ts, activities.ts, echoes.ts,
 * echo-answers.ts, asks.ts, digest.ts). The parts share a ServiceContext (service-context.ts); the
 * visibility rules they apply are visibility.ts's. Used directly in local mode and behind the HTTP
 * server, so both paths decide the same way.
 */
import type { Repository } from './repository.js';
import type {
  ActivityInput,
  ActivityListQuery,
  AskInput,
  CheckInListQuery,
  CheckInUpdate,
  CommentInput,
  DigestQuery,
  EchoQuestionInput,
  EchoQuestionPatch,
  GoalInput,
  GoalListQuery,
  GoalPatch,
  GoalUpdateInput,
  GoalUpdatePatch,
  PageQuery,
  ReactionInput,
  Service,
} from './service.js';
import { type CoreOptions, ServiceContext } from './service-context.js';
import type {
  Activity,
  Ask,
  CheckIn,
  Comment,
  DigestEntry,
  EchoAnswer,
  EchoQuestion,
  Goal,
  GoalUpdate,
  Page,
  Person,
  Reaction,
  ResourceRef,
  Team,
} from './types.js';

export type { CoreOptions } from './service-context.js';

export class CoreService implements Service {
  /** @internal The kernel the parts share; the composition root reaches the answer jobs through it. */
  readonly context: ServiceContext;

  constructor(repo: Repository, actorId: string, options: CoreOptions) {
    this.context = new ServiceContext(repo, actorId, options);
  }

  /** The repository belongs to whoever opened it (one store serves many people), so nothing to do. */
  async close(): Promise<void> {}

  // --- people and teams (people.ts) ---------------------------------------------------------------

  me(): Promise<Person> {
    return this.context.people.me();
  }

  listPeople(query: PageQuery = {}): Promise<Page<Person>> {
    return this.context.people.listPeople(query);
  }

  getPerson(id: string): Promise<Person> {
    return this.context.people.getPerson(id);
  }

  listTeams(query: PageQuery = {}): Promise<Page<Team>> {
    return this.context.people.listTeams(query);
  }

  getTeam(id: string): Promise<Team> {
    return this.context.people.getTeam(id);
  }

  // --- check-ins (check-ins.ts) -------------------------------------------------------------------

  listCheckIns(query: CheckInListQuery = {}): Promise<Page<CheckIn>> {
    return this.context.checkIns.list(query);
  }

  getCheckIn(key: string): Promise<CheckIn> {
    return this.context.checkIns.get(key);
  }

  updateCheckIn(key: string, input: CheckInUpdate): Promise<CheckIn> {
    return this.context.checkIns.update(key, input);
  }

  // --- goals, goal updates, comments and reactions (goals.ts, conversations.ts) -------------------

  async listGoals(query: GoalListQuery = {}): Promise<Page<Goal>> {
    return (await this.context.goals()).list(query);
  }

  async getGoal(id: string): Promise<Goal> {
    return (await this.context.goals()).get(id);
  }

  async createGoal(input: GoalInput): Promise<Goal> {
    return (await this.context.goals()).create(input);
  }

  async updateGoal(id: string, input: GoalPatch): Promise<Goal> {
    return (await this.context.goals()).update(id, input);
  }

  async deleteGoal(id: string): Promise<void> {
    return (await this.context.goals()).delete(id);
  }

  async listGoalUpdates(goalId: string, query: PageQuery = {}): Promise<Page<GoalUpdate>> {
    return (await this.context.goals()).listUpdates(goalId, query);
  }

  async getGoalUpdate(id: string): Promise<GoalUpdate> {
    return (await this.context.goals()).getUpdate(id);
  }

  async createGoalUpdate(goalId: string, input: GoalUpdateInput): Promise<GoalUpdate> {
    return (await this.context.goals()).createUpdate(goalId, input);
  }

  async updateGoalUpdate(id: string, input: GoalUpdatePatch): Promise<GoalUpdate> {
    return (await this.context.goals()).updateUpdate(id, input);
  }

  async deleteGoalUpdate(id: string): Promise<void> {
    return (await this.context.goals()).deleteUpdate(id);
  }

  async listComments(resource: ResourceRef, query: PageQuery = {}): Promise<Page<Comment>> {
    return (await this.context.conversations()).listComments(resource, query);
  }

  async createComment(resource: ResourceRef, input: CommentInput): Promise<Comment> {
    return (await this.context.conversations()).createComment(resource, input);
  }

  async listReactions(resource: ResourceRef, query: PageQuery = {}): Promise<Page<Reaction>> {
    return (await this.context.conversations()).listReactions(resource, query);
  }

  async addReaction(
    resource: ResourceRef,
    input: ReactionInput,
  ): Promise<{ reaction: Reaction; created: boolean }> {
    return (await this.context.conversations()).addReaction(resource, input);
  }

  async removeReaction(resource: ResourceRef, input: ReactionInput): Promise<void> {
    return (await this.context.conversations()).removeReaction(resource, input);
  }

  // --- activities (activities.ts) ------------------------------------------------------------------

  async listActivities(query: ActivityListQuery = {}): Promise<Page<Activity>> {
    return (await this.context.activities()).list(query);
  }

  async getActivity(id: string): Promise<Activity> {
    return (await this.context.activities()).get(id);
  }

  async createActivity(input: ActivityInput): Promise<Activity> {
    return (await this.context.activities()).create(input);
  }

  // --- Echo questions (echoes.ts) ----------------------------------------------------------------

  async listEchoQuestions(query: PageQuery = {}): Promise<Page<EchoQuestion>> {
    return (await this.context.echoes()).list(query);
  }

  async getEchoQuestion(id: string): Promise<EchoQuestion> {
    return (await this.context.echoes()).get(id);
  }

  async createEchoQuestion(input: EchoQuestionInput): Promise<EchoQuestion> {
    return (await this.context.echoes()).create(input);
  }

  async updateEchoQuestion(id: string, input: EchoQuestionPatch): Promise<EchoQuestion> {
    return (await this.context.echoes()).update(id, input);
  }

  async deleteEchoQuestion(id: string): Promise<void> {
    return (await this.context.echoes()).delete(id);
  }

  async pauseEchoQuestion(id: string): Promise<EchoQuestion> {
    return (await this.context.echoes()).pause(id);
  }

  async resumeEchoQuestion(id: string): Promise<EchoQuestion> {
    return (await this.context.echoes()).resume(id);
  }

  // --- Echo answers (echo-answers.ts) and asks (asks.ts) ------------------------------------------

  async listEchoAnswers(questionId: string, query: PageQuery = {}): Promise<Page<EchoAnswer>> {
    return (await this.context.echoAnswers()).list(questionId, query);
  }

  async getEchoAnswer(id: string): Promise<EchoAnswer> {
    return (await this.context.echoAnswers()).get(id);
  }

  async listAsks(query: PageQuery = {}): Promise<Page<Ask>> {
    return (await this.context.asks()).list(query);
  }

  async getAsk(id: string): Promise<Ask> {
    return (await this.context.asks()).get(id);
  }

  async createAsk(input: AskInput): Promise<Ask> {
    return (await this.context.asks()).create(input);
  }

  // --- digest (digest.ts) -------------------------------------------------------------------------

  async listDigest(query: DigestQuery = {}): Promise<Page<DigestEntry>> {
    return (await this.context.digest()).list(query);
  }

  async markDigestRead(id: string): Promise<void> {
    return (await this.context.digest()).markRead(id);
  }

  async markAllDigestRead(): Promise<number> {
    return (await this.context.digest()).markAllRead();
  }
}
