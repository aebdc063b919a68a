/** Query parameters checked without zod: the same values accepted and the same 400 messages as bodies get. */
import { describe, expect, it } from 'vitest';
import { checkInListParams } from '../../src/core/check-in-query.js';
import { BadRequestError } from '../../src/core/errors.js';
import { MAX_PER_PAGE } from '../../src/core/page-size.js';
import { parsePaging } from '../../src/core/paging.js';
import { parseQuery } from '../../src/core/query-params.js';

const ID = '7d444840-9dc1-4b1f-a8c3-2c3b9d0c1a5e';

function errorsOf(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    if (error instanceof BadRequestError) return error.errors;
    throw error;
  }
  throw new Error('expected a 400');
}

describe('parseQuery', () => {
  it('accepts HTTP strings and typed values alike, makes a lone id a list, and ignores unknown keys', () => {
    expect(
      parseQuery(checkInListParams, {
        page: '2',
        per_page: 50,
        since: '2026-11-01',
        blocked: 'false',
        people_ids: ID,
        team_ids: [ID, ID.toUpperCase()],
        colour: 'blue',
      }),
    ).toEqual({
      page: 2,
      per_page: 50,
      since: '2026-11-01',
      blocked: false,
      people_ids: [ID],
      team_ids: [ID, ID.toUpperCase()],
    });
    expect(parseQuery(checkInListParams, undefined)).toEqual({});
  });

  it('reports every bad parameter at once, each message once, naming the parameter', () => {
    expect(
      errorsOf(() =>
        parseQuery(checkInListParams, {
          page: '0',
          per_page: String(MAX_PER_PAGE + 1),
          since: '2026-02-30',
          until: 7,
          blocked: 'yes',
          people_ids: [ID, 'not-an-id'],
          team_ids: 'nope',
        }),
      ),
    ).toEqual([
      'page must be an integer of at least 1',
      `per_page must be an integer from 1 to ${MAX_PER_PAGE}`,
      'since must be a date (YYYY-MM-DD)',
      'until must be a date (YYYY-MM-DD)',
      'blocked must be true or false',
      'people_ids[] must be a list of ids (UUIDs)',
      'team_ids[] must be a list of ids (UUIDs)',
    ]);
  });

  it('refuses integers that are not safe, fractions, and repeated values where one is expected', () => {
    for (const page of ['1.5', '99999999999999999999', ['1', '2'], '', ' 1', true])
      expect(errorsOf(() => parsePaging({ page }))).toEqual(['page must be an integer of at least 1']);
  });

  it('refuses a query that is not a set of named parameters', () => {
    expect(errorsOf(() => parsePaging('page=1'))).toEqual(['the query must be a set of named parameters']);
    expect(errorsOf(() => parsePaging([1]))).toEqual(['the query must be a set of named parameters']);
  });
});
