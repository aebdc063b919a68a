/**
 * The interfaces' OpenAPI documents (core/endpoints/documents.ts), served beside each interface without
 * credentials: registered on the server itself, outside the interfaces' authenticated plugins. Each is
 * made once, on its first request.
 */
import type { FastifyInstance } from 'fastify';
import { DOCUMENTS } from '../../core/endpoints/documents.js';

export function registerOpenApiDocuments(app: FastifyInstance): void {
  for (const document of DOCUMENTS) {
    let text: Promise<string> | undefined;
    app.get(document.path, async (_request, reply) => {
      text ??= document.make().then((made) => JSON.stringify(made));
      return reply
        .header('Cache-Control', 'no-cache')
        .type('application/json; charset=utf-8')
        .send(await text);
    });
  }
}
