/**
 * The interfaces' OpenAPI documents (core/endpoints/documents.ts), served beside each interface without
 * credentials: registered on the server itself, outside the interfaces' authenticated plugins. Each is
 * made once, on its first request.
 */
import type { FastifyInstance } from 'fastify';
import { DOCUMENTS } from '../../core/endpoints/documents.js';

/**
 * Serves every document at its path; with `only`, the one of the interface whose base is `only`, served
 * (and its server URL named) at `at` instead: the status page's own listener has its interface at /api/v1.
 */
export function registerOpenApiDocuments(app: FastifyInstance, moved?: { only: string; at: string }): void {
  for (const document of DOCUMENTS) {
    if (moved && !document.path.startsWith(`${moved.only}/`)) continue;
    const path = moved ? `${moved.at}${document.path.slice(moved.only.length)}` : document.path;
    let text: Promise<string> | undefined;
    app.get(path, async (_request, reply) => {
      text ??= document
        .make()
        .then((made) => JSON.stringify(moved ? { ...made, servers: [{ url: moved.at }] } : made));
      return reply
        .header('Cache-Control', 'no-cache')
        .type('application/json; charset=utf-8')
        .send(await text);
    });
  }
}
