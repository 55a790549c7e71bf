// The OpenAPI 3.1 description of the REST API, served at /openapi.json. Each feature lists its
// operations in its openapi.ts with the same zod schemas its routes validate with, so a schema change
// shows here; openapi.test.ts walks the express app and fails when a route is missing or stale.
import type { Express } from 'express';
import { z } from 'zod';
import type { Role } from './auth.js';

type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface Operation {
  method: HttpMethod;
  /** OpenAPI style: `/surveys/{id}`. */
  path: string;
  summary: string;
  /** Who may call it: a list of roles, `signedIn` for any role, `public` without a token. */
  access: readonly Role[] | 'signedIn' | 'public';
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** Query parameters sent as JSON text (`sets=[{…}]`), not form-encoded: described by `content`. */
  jsonQuery?: readonly string[];
  body?: z.ZodType;
  /** A multipart/form-data upload: field name to description (files are binary). */
  multipart?: { files: readonly string[]; fields: Record<string, string> };
  /** The success status and what it carries (`schema`: the JSON answer's shape, where described). */
  success: {
    status: number;
    description: string;
    content?: 'json' | 'xlsx' | 'none';
    schema?: z.ZodType;
  };
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Requests are described on their input side (what a caller sends, before defaults and
 * transforms apply); answers on their output side. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output' = 'input'): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
  }) as Record<string, unknown>;
  return rest;
}

function parameters(
  where: 'path' | 'query',
  schema: z.ZodObject | undefined,
  json: readonly string[] = [],
) {
  if (!schema) return [];
  const shape = jsonSchema(schema) as {
    properties?: Record<string, object>;
    required?: string[];
  };
  return Object.entries(shape.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (shape.required ?? []).includes(name),
    // A bare `schema` would mean form style (`sets=a&sets=b`); JSON text needs a media type.
    ...(json.includes(name)
      ? { content: { 'application/json': { schema: property } } }
      : { schema: property }),
  }));
}

function pathParameters(operation: Operation) {
  const declared = parameters('path', operation.params);
  const named = new Set(declared.map((parameter) => parameter.name));
  // Every {name} of the path is a parameter, described by the schema when it has one.
  const implicit = [...operation.path.matchAll(/\{(\w+)\}/g)]
    .map((match) => match[1] ?? '')
    .filter((name) => !named.has(name))
    .map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
  return [...declared, ...implicit];
}

function requestBody(operation: Operation) {
  if (operation.multipart) {
    const properties: Record<string, object> = {};
    for (const file of operation.multipart.files)
      properties[file] = { type: 'string', contentMediaType: 'application/octet-stream' };
    for (const [field, description] of Object.entries(operation.multipart.fields))
      properties[field] = { type: 'string', description };
    return {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties,
            required: [...operation.multipart.files, ...Object.keys(operation.multipart.fields)],
          },
        },
      },
    };
  }
  if (!operation.body) return undefined;
  return {
    required: true,
    content: { 'application/json': { schema: jsonSchema(operation.body) } },
  };
}

function successResponse({ description, content = 'json', schema }: Operation['success']) {
  if (content === 'none') return { description };
  if (content === 'xlsx')
    return { description, content: { [XLSX]: { schema: { type: 'string', format: 'binary' } } } };
  const shape = schema ? jsonSchema(schema, 'output') : {};
  return { description, content: { 'application/json': { schema: shape } } };
}

const problem = { $ref: '#/components/responses/Problem' };

function describe(operation: Operation) {
  const access =
    operation.access === 'public'
      ? 'No token needed.'
      : operation.access === 'signedIn'
        ? 'Any signed-in role.'
        : `Roles: ${operation.access.join(', ')}.`;
  const body = requestBody(operation);
  return {
    summary: operation.summary,
    description: access,
    ...(operation.access === 'public' ? { security: [] } : {}),
    parameters: [
      ...pathParameters(operation),
      ...parameters('query', operation.query, operation.jsonQuery),
    ],
    ...(body ? { requestBody: body } : {}),
    responses: {
      [String(operation.success.status)]: successResponse(operation.success),
      ...(body || operation.params || operation.query ? { '400': problem } : {}),
      ...(operation.access === 'public' ? {} : { '401': problem, '403': problem }),
      default: problem,
    },
  };
}

/** The whole document from every feature's operations. */
export function buildOpenApi(operations: readonly Operation[], version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of operations) {
    const item = (paths[operation.path] ??= {});
    if (item[operation.method])
      throw new Error(`${operation.method.toUpperCase()} ${operation.path} is listed twice`);
    item[operation.method] = describe(operation);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Survey Console REST API',
      version,
      description:
        'The REST contract between the gateway and the API (docs/rest-api.md). Errors are RFC 9457 ' +
        'problem details whose `detail` is a stable code.',
    },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      responses: {
        Problem: {
          description: 'A problem detail: status, title and a stable `detail` code.',
          content: {
            'application/problem+json': {
              schema: {
                type: 'object',
                properties: {
                  type: { type: 'string' },
                  title: { type: 'string' },
                  status: { type: 'integer' },
                  detail: { type: 'string' },
                  errors: {
                    type: 'array',
                    items: {
                      type: 'object',
                      properties: { field: { type: 'string' }, message: { type: 'string' } },
                    },
                  },
                },
                required: ['status', 'title'],
              },
            },
          },
        },
      },
    },
  };
}

interface Layer {
  name: string;
  rawPath?: string;
  handle: { stack?: Layer[] };
  route?: { path: string; methods: Record<string, boolean> };
}

/** Every route an express app answers, as `METHOD /path/{param}` (for the completeness test). */
export function listRoutes(app: Express): string[] {
  const found: string[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const path = `${prefix}${layer.route.path}`.replace(/:(\w+)/g, '{$1}');
        for (const method of Object.keys(layer.route.methods))
          if (method !== '_all')
            found.push(`${method.toUpperCase()} ${path.replace(/(.)\/$/, '$1')}`);
      } else if (layer.name === 'router' && layer.handle.stack) {
        const mount = layer.rawPath && layer.rawPath !== '/' ? layer.rawPath : '';
        walk(layer.handle.stack, `${prefix}${mount}`);
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, '');
  return found;
}
