#!/usr/bin/env node
// Hive Gateway in front of the REST API, for the gateway benchmark (bench-gateway.mjs): the
// REST-to-GraphQL gateway a user would otherwise pick. At start it composes a supergraph from the
// API's own /openapi.json with `@omnigraph/openapi` (Mesh Compose), then serves it with the Hive
// Gateway runtime on PORT. Bench-only: these packages are root devDependencies, nothing else uses them.
//
// Environment: API_URL (the REST API), PORT. Every upstream call carries the client's Authorization.
import { createServer } from 'node:http';
import { createGatewayRuntime } from '@graphql-hive/gateway-runtime';
import { getComposedSchemaFromConfig } from '@graphql-mesh/compose-cli';
import { DefaultLogger } from '@graphql-mesh/utils';
import { loadOpenAPISubgraph } from '@omnigraph/openapi';

const apiUrl = process.env.API_URL;
const port = Number(process.env.PORT);
if (!apiUrl || !port) throw new Error('API_URL and PORT are required');

/**
 * Two things omnigraph reads differently from the OpenAPI specification, made explicit so it
 * composes a usable graph (docs/report-performance.md, "Gateway overhead and the dashboard"):
 * - a query parameter described by `content: application/json` (the report `sets`, JSON text) is
 *   still sent form-encoded by omnigraph (`sets[0][surveyId]=…`); as a plain string parameter the
 *   caller passes the JSON text and omnigraph sends it as it is;
 * - an empty response schema (`{}`, any JSON) is dropped, leaving only the problem type; with a
 *   description it becomes the JSON scalar.
 */
function forOmnigraph(document) {
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item)) {
      for (const parameter of operation.parameters ?? []) {
        if (!parameter.content?.['application/json']) continue;
        delete parameter.content;
        parameter.schema = { type: 'string', description: 'JSON text' };
      }
      for (const response of Object.values(operation.responses ?? {}))
        for (const media of Object.values(response.content ?? {}))
          if (media.schema && Object.keys(media.schema).length === 0)
            media.schema = { description: 'Any JSON' };
    }
  }
  return document;
}

const response = await fetch(`${apiUrl}/openapi.json`);
if (!response.ok) throw new Error(`GET /openapi.json: ${response.status}`);
const document = forOmnigraph(await response.json());
const supergraph = await getComposedSchemaFromConfig(
  {
    subgraphs: [
      {
        sourceHandler: loadOpenAPISubgraph('SurveyApi', {
          source: document,
          endpoint: apiUrl,
          // The caller's bearer token, forwarded on every REST call.
          operationHeaders: { Authorization: '{context.headers.authorization}' },
        }),
      },
    ],
  },
  new DefaultLogger('compose'),
);

createServer(createGatewayRuntime({ supergraph, logging: 'warn' })).listen(port, '127.0.0.1');
// The benchmark stops it with SIGTERM. Mesh's own SIGTERM handler only disposes the runtime
// (it replaces the default action), so the listening server would keep the process alive.
process.once('SIGTERM', () => process.exit(0));
