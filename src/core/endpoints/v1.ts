/**
 * The v1 team interface as data: every endpoint of /api/v1, its wrapper key and its call into the team's
 * TeamService. The server's routes (server/routes/v1.ts), RemoteTeamService and the OpenAPI document are
 * made from it; the envelope is v1Representation (v1/serialize.ts).
 */
import { MAX_ABSENCE_PAGE } from '../page-size.js';
import { dateParam, integerParam, pageParams, textParam } from '../query-params.js';
import type { AbsenceOutcome, TeamService } from '../v1/team-service.js';
import type { V1MemberAbsence, V1TeamAbsence } from '../v1/types.js';
import { type EndpointRequest, endpointOf } from './define.js';
import {
  V1_COMMENT,
  V1_MEMBER,
  V1_MEMBER_ABSENCE,
  V1_MEMBER_ABSENCE_ITEM,
  V1_REACTION,
  V1_REPORT,
  V1_STATUS,
  V1_STATUS_ACTIVITY,
  V1_TEAM_ABSENCE,
  V1_TEAM_ABSENCE_ITEM,
} from './resources.js';

const endpoint = endpointOf<TeamService>();

/** What a write method of the TeamService takes as its body: its argument `At`. */
type Write<Path extends string, Method extends keyof TeamService, At extends number> = EndpointRequest<
  Path,
  TeamService[Method] extends (...args: infer Args) => unknown ? Args[At] : never
>;

// The documents' parameters, and their bodies (loaded only by the OpenAPI generator).
const pageQuery = async () => ({ page: pageParams.page });
const memberQuery = async () => ({ q: textParam('q', 255), page: pageParams.page });
const rangeQuery = async () => ({
  from: dateParam('from'),
  to: dateParam('to'),
  page: pageParams.page,
  per_page: integerParam('per_page', 1, MAX_ABSENCE_PAGE),
});
const memberAbsenceQuery = async () => ({ member: textParam('member', 255), ...(await rangeQuery()) });
const dateBody = async () => ({
  json: {
    type: 'object',
    properties: { date: { type: 'string', format: 'date' } },
    required: ['date'],
  },
});
const activityBody = async () => {
  const { MAX_DESCRIPTION } = await import('../v1/status-activity-input.js');
  return activityBodySchema(MAX_DESCRIPTION);
};
const activityBodySchema = (maxDescription: number) => ({
  json: {
    type: 'object',
    properties: {
      email: { type: 'string', description: "the member's address" },
      source: {
        type: 'string',
        minLength: 1,
        maxLength: 64,
        description: 'the tool the activity comes from',
      },
      source_url: { type: 'string', format: 'uri', description: 'a link to it in that tool' },
      description: { type: 'string', minLength: 1, maxLength: maxDescription, description: 'simple HTML' },
    },
    required: ['email', 'source', 'description'],
  },
});

/** Adding an absence answers 201 when it made it, 202 when it was already there: both ways. */
const absenceWire = <Absence>() => ({
  toWire: (result: AbsenceOutcome<Absence>) => ({
    status: result.created ? 201 : 202,
    value: result.absence,
  }),
  // The wire's value is the absence the server made or found (the client trusts its own interface).
  fromWire: (value: unknown, status: number): AbsenceOutcome<Absence> => ({
    absence: value as Absence,
    created: status === 201,
  }),
});

export const v1Endpoints = {
  listMembers: endpoint({
    name: 'listMembers',
    summary: "the team's members by last name; q matches part of a last name, first name or email",
    method: 'GET',
    path: '/members',
    caching: 'cached',
    shape: 'page',
    key: 'members',
    resource: V1_MEMBER,
    query: memberQuery,
    call: (service, { query }) => service.listMembers(query),
  }),
  getMember: endpoint({
    name: 'getMember',
    summary: 'one member, by id or slug',
    method: 'GET',
    path: '/members/:id',
    caching: 'cached',
    shape: 'one',
    key: 'member',
    resource: V1_MEMBER,
    call: (service, { params }) => service.getMember(params.id),
  }),
  listReports: endpoint({
    name: 'listReports',
    summary: "the team's reports, newest date first",
    method: 'GET',
    path: '/reports',
    caching: 'cached',
    shape: 'page',
    key: 'reports',
    resource: V1_REPORT,
    query: pageQuery,
    call: (service, { query }) => service.listReports(query),
  }),
  getReport: endpoint({
    name: 'getReport',
    summary: 'one report, by id or by date (YYYY-MM-DD)',
    method: 'GET',
    path: '/reports/:id',
    caching: 'cached',
    shape: 'one',
    key: 'report',
    resource: V1_REPORT,
    call: (service, { params }) => service.getReport(params.id),
  }),
  listStatuses: endpoint({
    name: 'listStatuses',
    summary: "the team's check-ins, newest submitted first",
    method: 'GET',
    path: '/statuses',
    caching: 'cached',
    shape: 'page',
    key: 'statuses',
    resource: V1_STATUS,
    query: pageQuery,
    call: (service, { query }) => service.listStatuses(query),
  }),
  getStatus: endpoint({
    name: 'getStatus',
    summary: 'one check-in, by id or slug',
    method: 'GET',
    path: '/statuses/:id',
    caching: 'cached',
    shape: 'one',
    key: 'status',
    resource: V1_STATUS,
    call: (service, { params }) => service.getStatus(params.id),
  }),
  createStatusActivity: endpoint({
    name: 'createStatusActivity',
    summary: "pushes an activity into a member's check-in",
    method: 'POST',
    path: '/status_activities',
    caching: 'write',
    shape: 'one',
    status: 201,
    key: 'status_activity',
    resource: V1_STATUS_ACTIVITY,
    // Each POST adds an activity: never sent twice.
    idempotent: false,
    body: activityBody,
    call: (service, { body }: Write<'/status_activities', 'createStatusActivity', 0>) =>
      service.createStatusActivity(body),
  }),
  getStatusActivity: endpoint({
    name: 'getStatusActivity',
    summary: 'one pushed activity',
    method: 'GET',
    path: '/status_activities/:id',
    caching: 'cached',
    shape: 'one',
    key: 'status_activity',
    resource: V1_STATUS_ACTIVITY,
    call: (service, { params }) => service.getStatusActivity(params.id),
  }),
  listTags: endpoint({
    name: 'listTags',
    summary: "the team's #tags (strings), alphabetically",
    method: 'GET',
    path: '/tags',
    caching: 'cached',
    shape: 'page',
    key: 'tags',
    query: pageQuery,
    call: (service, { query }) => service.listTags(query),
  }),
  listTagStatuses: endpoint({
    name: 'listTagStatuses',
    summary: 'the check-ins carrying a tag, newest completed first',
    method: 'GET',
    path: '/tags/:tag',
    caching: 'cached',
    shape: 'page',
    key: 'statuses',
    resource: V1_STATUS,
    query: pageQuery,
    call: (service, { params, query }) => service.listTagStatuses(params.tag, query),
  }),
  listComments: endpoint({
    name: 'listComments',
    summary: "comments on the team's statuses, newest first",
    method: 'GET',
    path: '/comments',
    caching: 'cached',
    shape: 'page',
    key: 'comments',
    resource: V1_COMMENT,
    query: pageQuery,
    call: (service, { query }) => service.listComments(query),
  }),
  getComment: endpoint({
    name: 'getComment',
    summary: 'one comment',
    method: 'GET',
    path: '/comments/:id',
    caching: 'cached',
    shape: 'one',
    key: 'comment',
    resource: V1_COMMENT,
    call: (service, { params }) => service.getComment(params.id),
  }),
  listReactions: endpoint({
    name: 'listReactions',
    summary: "reactions to the team's statuses, newest first",
    method: 'GET',
    path: '/reactions',
    caching: 'cached',
    shape: 'page',
    key: 'reactions',
    resource: V1_REACTION,
    query: pageQuery,
    call: (service, { query }) => service.listReactions(query),
  }),
  getReaction: endpoint({
    name: 'getReaction',
    summary: 'one reaction',
    method: 'GET',
    path: '/reactions/:id',
    caching: 'cached',
    shape: 'one',
    key: 'reaction',
    resource: V1_REACTION,
    call: (service, { params }) => service.getReaction(params.id),
  }),
  listMemberAbsences: endpoint({
    name: 'listMemberAbsences',
    summary:
      "(pulse extension) the members' absences by date, then member id; member (id or slug), from and to (YYYY-MM-DD, inclusive) narrow them",
    method: 'GET',
    path: '/member_absences',
    caching: 'cached',
    shape: 'page',
    key: 'member_absences',
    resource: V1_MEMBER_ABSENCE_ITEM,
    // A 405 means a deployment without it; a 404 stands (an unknown member).
    extension: { what: 'reading absences back' },
    query: memberAbsenceQuery,
    call: (service, { query }) => service.listMemberAbsences(query),
  }),
  addMemberAbsence: endpoint({
    name: 'addMemberAbsence',
    summary: 'marks a member (id or slug) absent on date: 201, or 202 when already absent that day',
    method: 'POST',
    path: '/member_absences/:id',
    caching: 'write',
    shape: 'one',
    status: 201,
    otherStatuses: [202],
    key: 'member_absence',
    resource: V1_MEMBER_ABSENCE,
    // Idempotent (202 when already there): safe to retry after a 429 or a 5xx.
    idempotent: true,
    body: dateBody,
    call: (service, { params, body }: Write<'/member_absences/:id', 'addMemberAbsence', 1>) =>
      service.addMemberAbsence(params.id, body),
    ...absenceWire<V1MemberAbsence>(),
  }),
  removeMemberAbsence: endpoint({
    name: 'removeMemberAbsence',
    summary: "removes a member's absence on a date (also when there was none)",
    method: 'DELETE',
    path: '/member_absences/:id/:date',
    caching: 'write',
    shape: 'none',
    call: (service, { params }) => service.removeMemberAbsence(params.id, params.date),
  }),
  listTeamAbsences: endpoint({
    name: 'listTeamAbsences',
    summary:
      "(pulse extension) the team's absences (holidays) by date; from and to (YYYY-MM-DD, inclusive) narrow them",
    method: 'GET',
    path: '/team_absences',
    caching: 'cached',
    shape: 'page',
    key: 'team_absences',
    resource: V1_TEAM_ABSENCE_ITEM,
    // The path names no item: a 404 or 405 means a deployment without it.
    extension: { what: 'reading absences back', probe: null },
    query: rangeQuery,
    call: (service, { query }) => service.listTeamAbsences(query),
  }),
  addTeamAbsence: endpoint({
    name: 'addTeamAbsence',
    summary: 'makes date a team holiday: 201, or 202 when it already is one',
    method: 'POST',
    path: '/team_absences',
    caching: 'write',
    shape: 'one',
    status: 201,
    otherStatuses: [202],
    key: 'team_absence',
    resource: V1_TEAM_ABSENCE,
    idempotent: true,
    body: dateBody,
    call: (service, { body }: Write<'/team_absences', 'addTeamAbsence', 0>) => service.addTeamAbsence(body),
    ...absenceWire<V1TeamAbsence>(),
  }),
  removeTeamAbsence: endpoint({
    name: 'removeTeamAbsence',
    summary: 'removes a team holiday (also when there was none)',
    method: 'DELETE',
    path: '/team_absences/:date',
    caching: 'write',
    shape: 'none',
    call: (service, { params }) => service.removeTeamAbsence(params.date),
  }),
};
