/**
 * The Service over the v2 HTTP interface: what `pulse` uses in remote mode. Each method is one call of an
 * endpoint of the v2 table (core/endpoints/v2.ts), which says how it goes over HTTP.
 */
import { TODAY_KEY } from '../core/check-in-due.js';
import { conversationOfItem, v2, v2Representation } from '../core/endpoints/v2.js';
import { NotFoundError, NothingScheduledError, UnsupportedError } from '../core/errors.js';
import { MAX_PER_PAGE } from '../core/page-size.js';
import { walkPages } from '../core/paging.js';
import type {
  ActivityListQuery,
  CheckInListQuery,
  CheckInUpdate,
  CheckInWalkQuery,
  DigestQuery,
  GoalListQuery,
  IdPrefixQuery,
  NotificationDeliveryQuery,
  PageQuery,
  Service,
} from '../core/service.js';
import type { ResourceRef } from '../core/types.js';
import { EndpointCaller } from './endpoint-caller.js';
import type { EtagCache } from './etag-cache.js';
import type { HttpClient } from './http-client.js';

type Body<Method extends keyof Service, At extends number> = Parameters<Service[Method]>[At];

export class RemoteService implements Service {
  private readonly caller: EndpointCaller<Service>;

  constructor(
    private readonly http: HttpClient,
    cache?: EtagCache,
  ) {
    this.caller = new EndpointCaller(
      (method, path, init) => http.send(method, path, init),
      v2Representation,
      cache,
    );
  }

  me() {
    return this.caller.call(v2.me);
  }

  updateMe(input: Body<'updateMe', 0>) {
    return this.caller.call(v2.updateMe, { body: input });
  }

  listPeople(query: PageQuery = {}) {
    return this.caller.call(v2.listPeople, { query });
  }

  getPerson(id: string) {
    return this.caller.call(v2.getPerson, { params: { id } });
  }

  listTeams(query: PageQuery = {}) {
    return this.caller.call(v2.listTeams, { query });
  }

  getTeam(id: string) {
    return this.caller.call(v2.getTeam, { params: { id } });
  }

  listCheckIns(query: CheckInListQuery = {}) {
    return this.caller.call(v2.listCheckIns, { query });
  }

  walkCheckIns(query: CheckInWalkQuery = {}) {
    const { per_page, ...filters } = query;
    return walkPages(
      (paging) => this.listCheckIns({ ...filters, ...paging }),
      Number(per_page ?? MAX_PER_PAGE),
    );
  }

  async getCheckIn(key: string) {
    if (key !== TODAY_KEY) return this.caller.call(v2.getCheckIn, { params: { id: key } });
    try {
      return await this.caller.call(v2.getTodaysCheckIn);
    } catch (error) {
      // pulse serve says why a day has no check-in; a 404 that does not is a deployment without `today`.
      if (error instanceof NotFoundError && !(error instanceof NothingScheduledError))
        throw new UnsupportedError(
          `this deployment does not support ${v2.getTodaysCheckIn.extension?.what} (a pulse serve extension)`,
        );
      throw error;
    }
  }

  updateCheckIn(key: string, update: CheckInUpdate | unknown) {
    return this.caller.call(v2.updateCheckIn, { params: { id: key }, body: update });
  }

  clearCheckIn(key: string) {
    return this.caller.call(v2.clearCheckIn, { params: { id: key }, body: {} });
  }

  listGoals(query: GoalListQuery = {}) {
    return this.caller.call(v2.listGoals, { query });
  }

  getGoal(id: string) {
    return this.caller.call(v2.getGoal, { params: { id } });
  }

  createGoal(input: Body<'createGoal', 0>) {
    return this.caller.call(v2.createGoal, { body: input });
  }

  updateGoal(id: string, input: Body<'updateGoal', 1>) {
    return this.caller.call(v2.updateGoal, { params: { id }, body: input });
  }

  deleteGoal(id: string) {
    return this.caller.call(v2.deleteGoal, { params: { id } });
  }

  listGoalUpdatesByIdPrefix(query: IdPrefixQuery) {
    return this.caller.call(v2.listGoalUpdatesByIdPrefix, { query });
  }

  listEchoAnswersByIdPrefix(query: IdPrefixQuery) {
    return this.caller.call(v2.listEchoAnswersByIdPrefix, { query });
  }

  listGoalUpdates(goalId: string, query: PageQuery = {}) {
    return this.caller.call(v2.listGoalUpdates, { params: { id: goalId }, query });
  }

  getGoalUpdate(id: string) {
    return this.caller.call(v2.getGoalUpdate, { params: { id } });
  }

  createGoalUpdate(goalId: string, input: Body<'createGoalUpdate', 1>) {
    return this.caller.call(v2.createGoalUpdate, { params: { id: goalId }, body: input });
  }

  updateGoalUpdate(id: string, input: Body<'updateGoalUpdate', 1>) {
    return this.caller.call(v2.updateGoalUpdate, { params: { id }, body: input });
  }

  deleteGoalUpdate(id: string) {
    return this.caller.call(v2.deleteGoalUpdate, { params: { id } });
  }

  listComments(resource: ResourceRef, query: PageQuery = {}) {
    return this.caller.call(conversationOfItem(resource).listComments, { params: resource, query });
  }

  createComment(resource: ResourceRef, input: Body<'createComment', 1>) {
    return this.caller.call(conversationOfItem(resource).createComment, { params: resource, body: input });
  }

  listReactions(resource: ResourceRef, query: PageQuery = {}) {
    return this.caller.call(conversationOfItem(resource).listReactions, { params: resource, query });
  }

  addReaction(resource: ResourceRef, input: Body<'addReaction', 1>) {
    return this.caller.call(conversationOfItem(resource).addReaction, { params: resource, body: input });
  }

  removeReaction(resource: ResourceRef, input: Body<'removeReaction', 1>) {
    return this.caller.call(conversationOfItem(resource).removeReaction, { params: resource, body: input });
  }

  listActivities(query: ActivityListQuery = {}) {
    return this.caller.call(v2.listActivities, { query });
  }

  getActivity(id: string) {
    return this.caller.call(v2.getActivity, { params: { id } });
  }

  createActivity(input: Body<'createActivity', 0>) {
    return this.caller.call(v2.createActivity, { body: input });
  }

  listEchoQuestions(query: PageQuery = {}) {
    return this.caller.call(v2.listEchoQuestions, { query });
  }

  getEchoQuestion(id: string) {
    return this.caller.call(v2.getEchoQuestion, { params: { id } });
  }

  createEchoQuestion(input: Body<'createEchoQuestion', 0>) {
    return this.caller.call(v2.createEchoQuestion, { body: input });
  }

  updateEchoQuestion(id: string, input: Body<'updateEchoQuestion', 1>) {
    return this.caller.call(v2.updateEchoQuestion, { params: { id }, body: input });
  }

  deleteEchoQuestion(id: string) {
    return this.caller.call(v2.deleteEchoQuestion, { params: { id } });
  }

  pauseEchoQuestion(id: string) {
    return this.caller.call(v2.pauseEchoQuestion, { params: { id }, body: {} });
  }

  resumeEchoQuestion(id: string) {
    return this.caller.call(v2.resumeEchoQuestion, { params: { id }, body: {} });
  }

  listEchoAnswers(questionId: string, query: PageQuery = {}) {
    return this.caller.call(v2.listEchoAnswers, { params: { id: questionId }, query });
  }

  getEchoAnswer(id: string) {
    return this.caller.call(v2.getEchoAnswer, { params: { id } });
  }

  listAsks(query: PageQuery = {}) {
    return this.caller.call(v2.listAsks, { query });
  }

  getAsk(id: string) {
    return this.caller.call(v2.getAsk, { params: { id } });
  }

  createAsk(input: Body<'createAsk', 0>) {
    return this.caller.call(v2.createAsk, { body: input });
  }

  listDigest(query: DigestQuery = {}) {
    return this.caller.call(v2.listDigest, { query });
  }

  markDigestRead(id: string) {
    return this.caller.call(v2.markDigestRead, { params: { id }, body: {} });
  }

  markAllDigestRead() {
    return this.caller.call(v2.markAllDigestRead, { body: {} });
  }

  listNotificationDeliveries(query: NotificationDeliveryQuery = {}) {
    return this.caller.call(v2.listNotificationDeliveries, { query });
  }

  getTeamNotifications(teamId: string) {
    return this.caller.call(v2.getTeamNotifications, { params: { id: teamId } });
  }

  updateTeamNotifications(teamId: string, input: Body<'updateTeamNotifications', 1>) {
    return this.caller.call(v2.updateTeamNotifications, { params: { id: teamId }, body: input });
  }

  listTeamChannels(teamId: string) {
    return this.caller.call(v2.listTeamChannels, { params: { id: teamId } });
  }

  addTeamChannel(teamId: string, input: Body<'addTeamChannel', 1>) {
    return this.caller.call(v2.addTeamChannel, { params: { id: teamId }, body: input });
  }

  removeTeamChannel(teamId: string, channelId: string) {
    return this.caller.call(v2.removeTeamChannel, { params: { id: teamId, channel: channelId } });
  }

  getMyReminders() {
    return this.caller.call(v2.getMyReminders);
  }

  updateMyReminders(input: Body<'updateMyReminders', 0>) {
    return this.caller.call(v2.updateMyReminders, { body: input });
  }

  listMyChannels() {
    return this.caller.call(v2.listMyChannels);
  }

  addMyChannel(input: Body<'addMyChannel', 0>) {
    return this.caller.call(v2.addMyChannel, { body: input });
  }

  removeMyChannel(channelId: string) {
    return this.caller.call(v2.removeMyChannel, { params: { id: channelId } });
  }

  async close(): Promise<void> {
    await this.http.close();
  }
}
