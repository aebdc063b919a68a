/**
 * The v1 and status envelopes both ways: what the server writes for an endpoint of the tables, the client
 * reads back as the service returned it; an answer without its wrapper key is reported, not misread.
 */
import { describe, expect, it } from 'vitest';
import {
  type AnyEndpoint,
  type ReceivedResponse,
  type Representation,
  toWire,
} from '../../src/core/endpoints/define.js';
import { noticeQuery, statusEndpoints } from '../../src/core/endpoints/status.js';
import { v1Endpoints } from '../../src/core/endpoints/v1.js';
import { statusRepresentation } from '../../src/core/status/serialize.js';
import { v1Representation } from '../../src/core/v1/serialize.js';
import { V1_PAGE_SIZE } from '../../src/core/v1/team-service.js';
import { linkHeader } from '../../src/server/http.js';

const BASE = 'https://pulse.example.com';

/** The server's answer to an endpoint's result, as the client receives it. */
function answer(
  representation: Representation,
  endpoint: AnyEndpoint<unknown>,
  value: unknown,
  url: string,
): ReceivedResponse {
  const written = representation.write(endpoint, value);
  const headers: ReceivedResponse['headers'] = {};
  if (written.position) {
    headers.link = linkHeader(BASE, url, written.position.page, written.position.hasNext);
  }
  return { status: 200, headers, body: JSON.parse(JSON.stringify(written.body)) };
}

describe('the v1 envelope', () => {
  it('wraps a resource under its name and reads it back', () => {
    const member = { id: 'm1', user: { email: 'ben@example.com' } };
    const response = answer(v1Representation, v1Endpoints.getMember, member, '/api/v1/members/m1');
    expect(response.body).toEqual({ member });
    expect(response.headers.link).toBeUndefined();
    expect(v1Representation.read(v1Endpoints.getMember, response, {}, 'GET /members/m1')).toEqual(member);
  });

  it('wraps a page under its plural with Link, and reads its number and whether more follow', () => {
    for (const [page, hasNext] of [
      [1, false],
      [2, true],
    ] as const) {
      const result = { items: ['a', 'b'], page, hasNext };
      const url = `/api/v1/tags?page=${page}`;
      const response = answer(v1Representation, v1Endpoints.listTags, result, url);
      expect(response.body).toEqual({ tags: ['a', 'b'] });
      expect(v1Representation.read(v1Endpoints.listTags, response, { page }, 'GET /tags')).toEqual(result);
    }
  });

  it('reads a deployment without Link headers as having more while its pages are full', () => {
    const full = Array.from({ length: V1_PAGE_SIZE }, (_, index) => `tag${index}`);
    const read = (tags: string[]) =>
      v1Representation.read(
        v1Endpoints.listTags,
        { status: 200, headers: {}, body: { tags } },
        {},
        'GET /tags',
      );
    expect(read(full)).toMatchObject({ page: 1, hasNext: true });
    expect(read(['x'])).toMatchObject({ page: 1, hasNext: false });
  });

  it('reports an answer without its key, or a collection that is no list, as not from a v1 interface', () => {
    const read = (body: unknown) => () =>
      v1Representation.read(v1Endpoints.listMembers, { status: 200, headers: {}, body }, {}, 'GET /members');
    for (const body of [[], null, { member: [] }]) {
      expect(read(body)).toThrow(
        `the server's answer to GET /members has no "members" (is this a v1 interface?)`,
      );
    }
    expect(read({ members: {} })).toThrow(/has no "members"/);
  });

  it('answers an absence 201 when made and 202 when it was there, both ways', () => {
    const absence = { team_id: 't', date: '2026-12-24' };
    const endpoint = v1Endpoints.addTeamAbsence;
    for (const created of [true, false]) {
      const wire = toWire(endpoint, { absence, created });
      expect(wire).toEqual({ status: created ? 201 : 202, value: absence });
      expect(endpoint.fromWire?.(wire.value, wire.status)).toEqual({ absence, created });
    }
  });
});

describe('the status envelope', () => {
  const collection = {
    items: [{ id: 1 }],
    page: 2,
    hasNext: true,
    count: 1,
    totalCount: 26,
    nextPage: '/status/api/v1/components?page=3',
  };

  it('writes a page with the document’s meta and no Link, and reads it back', () => {
    const endpoint = statusEndpoints.listComponents;
    const response = answer(statusRepresentation, endpoint, collection, '/status/api/v1/components?page=2');
    expect(response.body).toEqual({
      components: [{ id: 1 }],
      meta: { count: 1, total_count: 26, next_page: '/status/api/v1/components?page=3' },
    });
    expect(response.headers.link).toBeUndefined();
    expect(statusRepresentation.read(endpoint, response, { page: 2 }, 'GET /components')).toEqual(collection);
    const page = { name: 'pulse' };
    const one = answer(statusRepresentation, statusEndpoints.page, page, '/status/api/v1/status');
    expect(statusRepresentation.read(statusEndpoints.page, one, {}, 'GET /status')).toEqual(page);
  });

  it('reports an answer without its key or its meta as not from a status interface', () => {
    const read = (body: unknown) => () =>
      statusRepresentation.read(
        statusEndpoints.listNotices,
        { status: 200, headers: {}, body },
        {},
        'GET /notices',
      );
    expect(read({ notices: [] })).toThrow(`has no "meta" (is this a status interface?)`);
    expect(read({ notices: [], meta: { count: 0 } })).toThrow(/has no "meta"/);
    expect(read({ meta: { total_count: 0 } })).toThrow(/has no "notices"/);
    expect(read({ notices: [], meta: { total_count: 0 } })()).toMatchObject({ count: 0, nextPage: null });
  });

  it('refuses a filter it does not document, and passes the documented ones by their core names', () => {
    expect(() => noticeQuery({ 'filter[state_eq]': 'resolved' })).toThrow(
      'filter[state_eq] is not a filter of notices (use filter[type_eq], filter[timeline_state_eq])',
    );
    expect(noticeQuery({ page: '2', 'filter[type_eq]': 'planned', other: 'x' })).toEqual({
      page: '2',
      type_eq: 'planned',
    });
  });
});
