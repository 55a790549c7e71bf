// GraphiQL from the gateway's own bundle (dist/playground): GET /graphql in a browser shows it.
// Its CSP allows only this origin, so the page cannot make a request anywhere else.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import express, { Router, type RequestHandler } from 'express';
import helmet from 'helmet';

export const PLAYGROUND_PATH = '/graphql/playground/';
const bundle = fileURLToPath(new URL('../../dist/playground/', import.meta.url));

const self = ["'self'"];
const policy = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: self,
      scriptSrc: self,
      // Monaco and GraphiQL set inline styles, and Monaco starts its workers from blob: URLs when asked.
      styleSrc: ["'self'", "'unsafe-inline'"],
      workerSrc: ["'self'", 'blob:'],
      // GraphiQL's stylesheet embeds its fonts as data: URLs.
      fontSrc: ["'self'", 'data:'],
      imgSrc: ["'self'", 'data:'],
      connectSrc: self,
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'none'"],
      frameAncestors: ["'none'"],
    },
  },
});

function readIndex(): string | undefined {
  try {
    return readFileSync(`${bundle}index.html`, 'utf8');
  } catch {
    return undefined;
  }
}

export function playgroundRoutes(): Router {
  const index = readIndex();
  const router = Router();
  router.use(
    PLAYGROUND_PATH,
    policy,
    express.static(bundle, { index: false, immutable: true, maxAge: '1y' }),
  );
  const page: RequestHandler = (req, res, next) => {
    res.vary('Accept');
    const wantsPage =
      req.accepts(['application/json', 'text/html']) === 'text/html' &&
      req.query.query === undefined;
    if (!wantsPage) return next();
    if (!index) {
      res
        .status(503)
        .type('text/plain')
        .send('GraphiQL is not built: npm run build -w @survey/gateway');
      return;
    }
    res.set('cache-control', 'no-cache').type('html').send(index);
  };
  router.get('/graphql', policy, page);
  return router;
}
