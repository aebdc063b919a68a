/**
 * OpenAPI 3.1 documents made from an endpoint table: every path and method, its parameters (the path's,
 * and the query's from the core's checks), its body (from the core's zod schemas), its success statuses
 * and headers, and the error body with its code. Response bodies have a schema where the table gives one
 * (the status interface's); the others are described in words (the reference in docs/reference). The
 * documents are the interface's shape, checked against the tables by a test.
 */
import { toJSONSchema } from 'zod/mini';
import { ERROR_CODES } from '../errors.js';
import {
  type AnyEndpoint,
  type BodySchema,
  type JsonSchema,
  paramNamesOf,
  successStatus,
  templateOf,
} from './define.js';

/** What a document says of its interface besides its endpoints. */
export interface InterfaceDescription {
  title: string;
  version: string;
  description: string;
  /** The interface's base path on a deployment, e.g. /api/v2. */
  basePath: string;
  /** components.securitySchemes, and the requirement every operation has (none: public). */
  security?: { schemes: Record<string, JsonSchema>; requirement: Record<string, string[]> };
  /** Whether the interface has ETags on single resources (then If-None-Match and 304). */
  etags: boolean;
  /** Whether a page links its neighbours in a Link header (default); status: `meta.next_page` instead. */
  pageLinks?: boolean;
}

const ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  description:
    'An error: `errors` says what went wrong, for people; `code` names its kind, for programs (a pulse ' +
    'serve extension: other deployments may send `errors` alone).',
  properties: {
    errors: { type: 'array', items: { type: 'string' } },
    code: { type: 'string', enum: ERROR_CODES },
  },
  required: ['errors'],
};

const REASONS: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No Content',
};

/** The JSON Schema of a body, without the dialect line (the document states it once). */
function bodySchemaOf(schema: BodySchema): JsonSchema {
  if ('json' in schema) return schema.json;
  const { $schema: _dialect, ...rest } = toJSONSchema(schema.zod, {
    io: 'input',
    unrepresentable: 'any',
  });
  return rest;
}

async function operationOf<Svc>(endpoint: AnyEndpoint<Svc>, description: InterfaceDescription) {
  const parameters: JsonSchema[] = paramNamesOf(endpoint.path).map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  for (const [name, { schema }] of Object.entries((await endpoint.query?.()) ?? {})) {
    const list = schema.type === 'array';
    parameters.push({
      name: list && !name.includes('[') ? `${name}[]` : name,
      in: 'query',
      schema,
      ...(list ? { style: 'form', explode: true } : {}),
    });
  }
  if (description.etags && endpoint.method === 'GET' && endpoint.shape === 'one') {
    parameters.push({ name: 'If-None-Match', in: 'header', schema: { type: 'string' } });
  }
  const body = await endpoint.body?.();
  const answered = (await endpoint.response?.()) ?? {};
  const responses: Record<string, JsonSchema> = {};
  for (const status of [successStatus(endpoint), ...(endpoint.otherStatuses ?? [])]) {
    responses[String(status)] = responseOf(endpoint, status, description, answered);
  }
  if (description.etags && endpoint.method === 'GET' && endpoint.shape === 'one') {
    responses['304'] = { description: 'Not Modified: the If-None-Match tag is current' };
  }
  responses.default = {
    description: 'An error (4xx, 5xx)',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  };
  return {
    operationId: endpoint.name,
    summary: endpoint.summary,
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(body
      ? { requestBody: { required: true, content: { 'application/json': { schema: bodySchemaOf(body) } } } }
      : {}),
    responses,
    'x-pulse-caching': endpoint.caching,
    ...(endpoint.extension ? { 'x-pulse-extension': true } : {}),
  };
}

function responseOf<Svc>(
  endpoint: AnyEndpoint<Svc>,
  status: number,
  description: InterfaceDescription,
  schema: JsonSchema,
) {
  const reason = REASONS[status] ?? 'Success';
  if (endpoint.shape === 'none') return { description: reason };
  const headers: Record<string, JsonSchema> = {};
  if (endpoint.shape === 'page') {
    if (description.pageLinks !== false) {
      headers.Link = {
        description: 'RFC 8288 links to the first, previous and next pages',
        schema: { type: 'string' },
      };
    }
  } else if (description.etags) {
    headers.ETag = { description: 'The strong tag of the representation', schema: { type: 'string' } };
  }
  const what = endpoint.shape === 'page' ? 'a page of the list' : 'the resource';
  return {
    description: `${reason}: ${what}${endpoint.key ? ` under "${endpoint.key}"` : ''}`,
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
    content: { 'application/json': { schema } },
  };
}

/** The OpenAPI 3.1 document of an interface: its endpoints in the table's order. */
export async function openApiDocument<Svc>(
  description: InterfaceDescription,
  endpoints: Record<string, AnyEndpoint<Svc>>,
): Promise<JsonSchema> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of Object.values(endpoints)) {
    const path = templateOf(endpoint.path);
    const operations = paths[path] ?? {};
    operations[endpoint.method.toLowerCase()] = await operationOf(endpoint, description);
    paths[path] = operations;
  }
  const { security } = description;
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: { title: description.title, version: description.version, description: description.description },
    servers: [{ url: description.basePath }],
    ...(security ? { security: [security.requirement] } : {}),
    paths,
    components: {
      schemas: { Error: ERROR_SCHEMA },
      ...(security ? { securitySchemes: security.schemes } : {}),
    },
  };
}
