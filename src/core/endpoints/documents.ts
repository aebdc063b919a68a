/**
 * The OpenAPI documents pulse serve publishes, one per interface, by the path it serves each at (beside
 * the interface, without credentials). docs/reference/openapi holds a copy of each (scripts/openapi.mjs
 * writes them; a test compares them with these).
 */
import { openApiDocument } from './openapi.js';
import { statusEndpoints } from './status.js';
import { statusAdminEndpoints } from './status-admin.js';
import { v1Endpoints } from './v1.js';
import { v2 } from './v2.js';

export interface PublishedDocument {
  /** Where pulse serve serves it. */
  path: string;
  /** The checked-in copy's file name in docs/reference/openapi. */
  file: string;
  make(): Promise<Record<string, unknown>>;
}

export const DOCUMENTS: PublishedDocument[] = [
  {
    path: '/api/v2/openapi.json',
    file: 'v2.json',
    make: () =>
      openApiDocument(
        {
          title: 'pulse v2 interface',
          version: '2',
          description:
            'Check-ins, goals and their updates, comments, reactions, Echoes, asks, activities and the ' +
            'digest, for one authenticated person. The reference: docs/reference/v2.md.',
          basePath: '/api/v2',
          security: {
            schemes: { bearer: { type: 'http', scheme: 'bearer' } },
            requirement: { bearer: [] },
          },
          etags: true,
        },
        v2,
      ),
  },
  {
    path: '/api/v2/status/openapi.json',
    file: 'status-admin.json',
    make: () =>
      openApiDocument(
        {
          title: 'pulse status administration',
          version: '2',
          description:
            "The status page's administration (a pulse serve extension of the v2 interface): the page, " +
            'its components and notices, for administrators only (others get 403). Bodies are the ' +
            "status interface's. The reference: docs/reference/v2.md.",
          basePath: '/api/v2/status',
          security: {
            schemes: { bearer: { type: 'http', scheme: 'bearer' } },
            requirement: { bearer: [] },
          },
          etags: false,
          pageLinks: false,
        },
        statusAdminEndpoints,
      ),
  },
  {
    path: '/api/v1/openapi.json',
    file: 'v1.json',
    make: () =>
      openApiDocument(
        {
          title: 'pulse v1 team interface',
          version: '1.0',
          description:
            "One team's members, reports, check-ins (statuses), pushed activities, #tags, comments, " +
            "reactions and absences, with the team's key. The reference: docs/reference/v1.md.",
          basePath: '/api/v1',
          security: {
            schemes: {
              teamId: { type: 'apiKey', in: 'header', name: 'X-Team-ID' },
              apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
            },
            // Both headers on every request.
            requirement: { teamId: [], apiKey: [] },
          },
          etags: false,
        },
        v1Endpoints,
      ),
  },
  {
    path: '/status/api/v1/openapi.json',
    file: 'status.json',
    make: () =>
      openApiDocument(
        {
          title: 'pulse status interface',
          version: '1',
          description:
            'The public status page: its state, components and notices, read without credentials. ' +
            'The reference: docs/reference/status.md.',
          basePath: '/status/api/v1',
          etags: false,
          pageLinks: false,
        },
        statusEndpoints,
      ),
  },
];
