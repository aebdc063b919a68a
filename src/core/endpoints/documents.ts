/**
 * The OpenAPI documents pulse serve publishes, one per interface, by the path it serves each at (beside
 * the interface, without credentials). docs/reference/openapi holds a copy of each (scripts/openapi.mjs
 * writes them; a test compares them with these).
 */
import { openApiDocument } from './openapi.js';
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
];
