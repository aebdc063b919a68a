/**
 * The OpenAPI documents: pulse serve publishes one per interface without credentials, each is a valid
 * OpenAPI 3.1 document (by a validator of the specification's own schemas), and the copies checked in
 * under docs/reference/openapi are what the endpoint tables make (node scripts/openapi.mjs rewrites them).
 */
import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { DOCUMENTS } from '../../src/core/endpoints/documents.js';
import { startTestServer } from '../helpers/server.js';

const copyOf = (file: string) =>
  JSON.parse(readFileSync(new URL(`../../docs/reference/openapi/${file}`, import.meta.url), 'utf8'));

describe('OpenAPI documents', () => {
  it('are served without credentials, valid, and equal to the checked-in copies', async () => {
    const server = await startTestServer({ echoSchedulerMs: null });
    for (const document of DOCUMENTS) {
      const response = await fetch(`${server.url}${document.path}`);
      expect([document.path, response.status]).toEqual([document.path, 200]);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      const served = (await response.json()) as Record<string, unknown>;
      const validation = await new Validator().validate(served);
      expect([document.path, validation.valid, validation.errors]).toEqual([document.path, true, undefined]);
      expect(served).toEqual(copyOf(document.file));
      expect(served).toEqual(await document.make());
    }
  });

  it('name every operation once, with a path the interface serves', async () => {
    const server = await startTestServer({ echoSchedulerMs: null });
    for (const document of DOCUMENTS) {
      const made = (await document.make()) as {
        servers: { url: string }[];
        paths: Record<string, Record<string, { operationId: string }>>;
      };
      const ids = Object.values(made.paths).flatMap((operations) =>
        Object.values(operations).map((operation) => operation.operationId),
      );
      expect(new Set(ids).size).toBe(ids.length);
      // A route the server has answers a GET without credentials with 401 (or the resource), not 404;
      // on a public interface a 404 is the item's own (no notice x) from a route the server has.
      const base = made.servers[0]?.url as string;
      const readable = Object.entries(made.paths).filter(([, operations]) => 'get' in operations);
      for (const [path] of readable) {
        const response = await fetch(`${server.url}${base}${path.replace(/\{\w+\}/g, 'x')}`);
        const routed = server.app.hasRoute({
          method: 'GET',
          url: `${base}${path.replace(/\{(\w+)\}/g, ':$1')}`,
        });
        expect([path, response.status === 404 && !routed]).toEqual([path, false]);
      }
    }
  });
});
