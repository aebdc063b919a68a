/**
 * The Service on a Repository, for one person: a facade that delegates each method to the part of the
 * core that owns it (people.ts, check-ins.ts, goals.ts, conversations.ts, activities.ts, echoes.ts,
 * echo-answers.ts, asks.ts, digest.ts). The parts share a ServiceContext (service-context.ts) and decide
 * visibility by visibility.ts. Each method's type is the Service's own, so its signature is written once.
 * Used directly in local mode and behind the HTTP server, so both paths decide the same way.
 */
import type { Repository } from './repository.js';
import type { Service } from './service.js';
import { type CoreOptions, ServiceContext } from './service-context.js';

export type { CoreOptions } from './service-context.js';

export class CoreService implements Service {
  /** @internal The kernel the parts share; the composition root reaches the answer jobs through it. */
  readonly context: ServiceContext;

  constructor(repo: Repository, actorId: string, options: CoreOptions) {
    this.context = new ServiceContext(repo, actorId, options);
  }

  /** The repository belongs to whoever opened it (one store serves many people), so nothing to do. */
  readonly close: Service['close'] = async () => {};

  // --- people and teams (people.ts) ------------------------------------------------------------------
  readonly me: Service['me'] = () => this.context.people.me();
  readonly updateMe: Service['updateMe'] = (input) => this.context.people.updateMe(input);
  readonly listPeople: Service['listPeople'] = (query = {}) => this.context.people.listPeople(query);
  readonly getPerson: Service['getPerson'] = (id) => this.context.people.getPerson(id);
  readonly listTeams: Service['listTeams'] = (query = {}) => this.context.people.listTeams(query);
  readonly getTeam: Service['getTeam'] = (id) => this.context.people.getTeam(id);

  // --- check-ins (check-ins.ts) ----------------------------------------------------------------------
  readonly listCheckIns: Service['listCheckIns'] = (query = {}) => this.context.checkIns.list(query);
  readonly walkCheckIns: Service['walkCheckIns'] = (query = {}) => this.context.checkIns.walk(query);
  readonly getCheckIn: Service['getCheckIn'] = (key) => this.context.checkIns.get(key);
  readonly updateCheckIn: Service['updateCheckIn'] = (key, input) => this.context.checkIns.update(key, input);
  readonly clearCheckIn: Service['clearCheckIn'] = (key) => this.context.checkIns.clear(key);

  // --- goals and goal updates (goals.ts) -------------------------------------------------------------
  readonly listGoals: Service['listGoals'] = async (query = {}) => (await this.context.goals()).list(query);
  readonly getGoal: Service['getGoal'] = async (id) => (await this.context.goals()).get(id);
  readonly createGoal: Service['createGoal'] = async (input) => (await this.context.goals()).create(input);
  readonly updateGoal: Service['updateGoal'] = async (id, input) =>
    (await this.context.goals()).update(id, input);
  readonly deleteGoal: Service['deleteGoal'] = async (id) => (await this.context.goals()).delete(id);
  readonly listGoalUpdates: Service['listGoalUpdates'] = async (goalId, query = {}) =>
    (await this.context.goals()).listUpdates(goalId, query);
  readonly getGoalUpdate: Service['getGoalUpdate'] = async (id) => (await this.context.goals()).getUpdate(id);
  readonly listGoalUpdatesByIdPrefix: Service['listGoalUpdatesByIdPrefix'] = async (query) =>
    (await this.context.goals()).listUpdatesByIdPrefix(query);
  readonly createGoalUpdate: Service['createGoalUpdate'] = async (goalId, input) =>
    (await this.context.goals()).createUpdate(goalId, input);
  readonly updateGoalUpdate: Service['updateGoalUpdate'] = async (id, input) =>
    (await this.context.goals()).updateUpdate(id, input);
  readonly deleteGoalUpdate: Service['deleteGoalUpdate'] = async (id) =>
    (await this.context.goals()).deleteUpdate(id);

  // --- comments and reactions (conversations.ts) -----------------------------------------------------
  readonly listComments: Service['listComments'] = async (resource, query = {}) =>
    (await this.context.conversations()).listComments(resource, query);
  readonly createComment: Service['createComment'] = async (resource, input) =>
    (await this.context.conversations()).createComment(resource, input);
  readonly listReactions: Service['listReactions'] = async (resource, query = {}) =>
    (await this.context.conversations()).listReactions(resource, query);
  readonly addReaction: Service['addReaction'] = async (resource, input) =>
    (await this.context.conversations()).addReaction(resource, input);
  readonly removeReaction: Service['removeReaction'] = async (resource, input) =>
    (await this.context.conversations()).removeReaction(resource, input);

  // --- activities (activities.ts) --------------------------------------------------------------------
  readonly listActivities: Service['listActivities'] = async (query = {}) =>
    (await this.context.activities()).list(query);
  readonly getActivity: Service['getActivity'] = async (id) => (await this.context.activities()).get(id);
  readonly createActivity: Service['createActivity'] = async (input) =>
    (await this.context.activities()).create(input);

  // --- Echo questions (echoes.ts) and answers (echo-answers.ts) --------------------------------------
  readonly listEchoQuestions: Service['listEchoQuestions'] = async (query = {}) =>
    (await this.context.echoes()).list(query);
  readonly getEchoQuestion: Service['getEchoQuestion'] = async (id) => (await this.context.echoes()).get(id);
  readonly createEchoQuestion: Service['createEchoQuestion'] = async (input) =>
    (await this.context.echoes()).create(input);
  readonly updateEchoQuestion: Service['updateEchoQuestion'] = async (id, input) =>
    (await this.context.echoes()).update(id, input);
  readonly deleteEchoQuestion: Service['deleteEchoQuestion'] = async (id) =>
    (await this.context.echoes()).delete(id);
  readonly pauseEchoQuestion: Service['pauseEchoQuestion'] = async (id) =>
    (await this.context.echoes()).pause(id);
  readonly resumeEchoQuestion: Service['resumeEchoQuestion'] = async (id) =>
    (await this.context.echoes()).resume(id);
  readonly listEchoAnswers: Service['listEchoAnswers'] = async (questionId, query = {}) =>
    (await this.context.echoAnswers()).list(questionId, query);
  readonly getEchoAnswer: Service['getEchoAnswer'] = async (id) => (await this.context.echoAnswers()).get(id);
  readonly listEchoAnswersByIdPrefix: Service['listEchoAnswersByIdPrefix'] = async (query) =>
    (await this.context.echoAnswers()).listByIdPrefix(query);

  // --- asks (asks.ts) --------------------------------------------------------------------------------
  readonly listAsks: Service['listAsks'] = async (query = {}) => (await this.context.asks()).list(query);
  readonly getAsk: Service['getAsk'] = async (id) => (await this.context.asks()).get(id);
  readonly createAsk: Service['createAsk'] = async (input) => (await this.context.asks()).create(input);

  // --- digest (digest.ts) ----------------------------------------------------------------------------
  readonly listDigest: Service['listDigest'] = async (query = {}) =>
    (await this.context.digest()).list(query);
  readonly markDigestRead: Service['markDigestRead'] = async (id) =>
    (await this.context.digest()).markRead(id);
  readonly markAllDigestRead: Service['markAllDigestRead'] = async () =>
    (await this.context.digest()).markAllRead();

  // --- notifications (notifications/) ----------------------------------------------------------------
  readonly listNotificationDeliveries: Service['listNotificationDeliveries'] = async (query = {}) =>
    (await import('./notifications/delivery-log.js')).listNotificationDeliveries(this.context, query);
  // --- reminders and notifications (notifications/settings.ts) --------------------------------------
  readonly getTeamNotifications: Service['getTeamNotifications'] = async (teamId) =>
    (await this.context.notificationSettings()).getTeamNotifications(teamId);
  readonly updateTeamNotifications: Service['updateTeamNotifications'] = async (teamId, input) =>
    (await this.context.notificationSettings()).updateTeamNotifications(teamId, input);
  readonly listTeamChannels: Service['listTeamChannels'] = async (teamId) =>
    (await this.context.notificationSettings()).listTeamChannels(teamId);
  readonly addTeamChannel: Service['addTeamChannel'] = async (teamId, input) =>
    (await this.context.notificationSettings()).addTeamChannel(teamId, input);
  readonly removeTeamChannel: Service['removeTeamChannel'] = async (teamId, channelId) =>
    (await this.context.notificationSettings()).removeTeamChannel(teamId, channelId);
  readonly getMyReminders: Service['getMyReminders'] = async () =>
    (await this.context.notificationSettings()).getMyReminders();
  readonly updateMyReminders: Service['updateMyReminders'] = async (input) =>
    (await this.context.notificationSettings()).updateMyReminders(input);
  readonly listMyChannels: Service['listMyChannels'] = async () =>
    (await this.context.notificationSettings()).listMyChannels();
  readonly addMyChannel: Service['addMyChannel'] = async (input) =>
    (await this.context.notificationSettings()).addMyChannel(input);
  readonly removeMyChannel: Service['removeMyChannel'] = async (channelId) =>
    (await this.context.notificationSettings()).removeMyChannel(channelId);
}
