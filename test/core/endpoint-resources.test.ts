/**
 * Every endpoint that answers with a body says what its resource is, so the client checks every answer
 * before a command uses it (core/endpoints/resources.ts).
 */
import { describe, expect, it } from 'vitest';
import { statusEndpoints } from '../../src/core/endpoints/status.js';
import { statusAdminEndpoints } from '../../src/core/endpoints/status-admin.js';
import { v1Endpoints } from '../../src/core/endpoints/v1.js';
import { v2 } from '../../src/core/endpoints/v2.js';

/** Lists of plain values, checked only to be lists. */
const NOT_RESOURCES = ['listTags'];

describe('endpoint resources', () => {
  it('every endpoint with a body has its resource', () => {
    const missing = [
      ...Object.values(v2),
      ...Object.values(v1Endpoints),
      ...Object.values(statusEndpoints),
      ...Object.values(statusAdminEndpoints),
    ]
      .filter((endpoint) => endpoint.shape !== 'none' && endpoint.resource === undefined)
      .map((endpoint) => endpoint.name);
    expect(missing).toEqual(NOT_RESOURCES);
  });
});
