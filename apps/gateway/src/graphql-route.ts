// POST /graphql, the gateway's hot path, answered on node's own request and response in front of
// express: express's router, its request and response objects and `res.send` were the largest part
// of what the gateway spent on a read beyond Apollo and the REST call (docs/report-performance.md,
// "Gateway CPU per request"). The route runs the layers express runs before its /graphql handler,
// the same instances in the same order (the request log, helmet's headers, the JSON body, whose
// errors answer as express's error handler answers them), then Apollo. Everything else, GET
// /graphql and GraphiQL included, stays on express.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { HeaderMap, type ApolloServer, type BaseContext } from '@apollo/server';
import { answerError, type NodeHandler } from './lib/http.js';

/** A request whose JSON body the body parser has read (`req.body`). */
export type BodyRequest = IncomingMessage & { body?: unknown };

/**
 * Apollo's answer to a request whose body is parsed, written as @as-integrations/express5 writes
 * it (the headers Apollo gives, the status, and the body with its length), without express.
 */
export function apolloHandler<Context extends BaseContext>(
  apollo: ApolloServer<Context>,
  context: (req: BodyRequest, res: ServerResponse) => Promise<Context>,
): (req: BodyRequest, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    const headers = new HeaderMap();
    for (const [key, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(', ') : value);
    }
    const url = req.url ?? '';
    const query = url.indexOf('?');
    const answer = await apollo.executeHTTPGraphQLRequest({
      httpGraphQLRequest: {
        method: (req.method ?? 'GET').toUpperCase(),
        headers,
        search: query < 0 ? '' : url.slice(query),
        body: req.body,
      },
      context: () => context(req, res),
    });
    for (const [key, value] of answer.headers) res.setHeader(key, value);
    res.statusCode = answer.status ?? 200;
    if (answer.body.kind === 'complete') {
      res.setHeader('Content-Length', Buffer.byteLength(answer.body.string));
      res.end(answer.body.string);
      return;
    }
    for await (const chunk of answer.body.asyncIterator) res.write(chunk);
    res.end();
  };
}

/** Runs connect-style layers in turn, as express's router does: an error (or a throw) ends the run. */
function runLayers(
  layers: readonly NodeHandler[],
  req: IncomingMessage,
  res: ServerResponse,
  done: (error?: unknown) => void,
): void {
  const next =
    (index: number) =>
    (error?: unknown): void => {
      const layer = layers[index];
      if (error || !layer) return done(error);
      try {
        layer(req, res, next(index + 1));
      } catch (thrown) {
        done(thrown);
      }
    };
  next(0)();
}

/** POST to /graphql itself; express keeps the other spellings its router accepts (/graphql/, /GraphQL). */
export function isGraphQLPost(req: IncomingMessage): boolean {
  const url = req.url ?? '';
  return req.method === 'POST' && (url === '/graphql' || url.startsWith('/graphql?'));
}

export interface GraphQLRouteParts {
  /** The layers express runs before its /graphql handler, in its order. */
  layers: readonly NodeHandler[];
  answer(req: BodyRequest, res: ServerResponse): Promise<void>;
  /** Whether the request may try to sign in: express's rate limiter needs express's request and response. */
  mayTrySignIn(req: BodyRequest): boolean;
  /** Express, which answers every other request and the ones that may sign in. */
  express: RequestListener;
}

/** The HTTP server's request listener: POST /graphql here, the rest on express. */
export function graphqlRoute({
  layers,
  answer,
  mayTrySignIn,
  express,
}: GraphQLRouteParts): RequestListener {
  return (req, res) => {
    if (!isGraphQLPost(req)) return void express(req, res);
    runLayers(layers, req, res, (error) => {
      if (error) return answerError(error, req, res);
      // Express's layers see their work done (logged, body read) and pass the request on.
      if (mayTrySignIn(req)) return void express(req, res);
      answer(req, res).catch((failure: unknown) => {
        // As express's final handler: an answer that has begun can only be cut off.
        if (res.headersSent) res.destroy();
        else answerError(failure, req, res);
      });
    });
  };
}
