// Apollo Server with graphql-armor's limits, CSRF prevention, no cache-control or landing page
// (GraphiQL is our own), and the one error mapping as formatError.
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginLandingPageDisabled,
} from '@apollo/server/plugin/disabled';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import { GraphQLError, type GraphQLSchema, type ValidationRule } from 'graphql';
import type { GatewayContext } from './context.js';
import type { GatewayConfig } from './env.js';
import { createFormatError, UpstreamError, type ErrorReason } from './lib/errors.js';

type ArmorConfig = NonNullable<ConstructorParameters<typeof ApolloArmor>[0]>;
type GraphQLArmorRejectCallback = NonNullable<
  NonNullable<ArmorConfig['maxDepth']>['onReject']
>[number];

/** Reports a refused operation with the limit's name in `extensions.reason`. */
function rejectWith(reason: ErrorReason): {
  onReject: GraphQLArmorRejectCallback[];
  propagateOnRejection: false;
} {
  const report: GraphQLArmorRejectCallback = (context, error) =>
    context?.reportError(
      new GraphQLError(error.message.replace(/^Syntax Error: /, ''), { extensions: { reason } }),
    );
  return { onReject: [report], propagateOnRejection: false };
}

function armor(config: GatewayConfig): {
  plugins: ApolloServerPlugin[];
  validationRules: ValidationRule[];
} {
  // Limits are echoed to developers, not to production clients probing them.
  const exposeLimits = config.NODE_ENV !== 'production';
  const errorMessage = 'The operation exceeds a limit of this server.';
  const protection = new ApolloArmor({
    maxDepth: {
      n: config.GRAPHQL_MAX_DEPTH,
      exposeLimits,
      errorMessage,
      flattenFragments: true,
      ...rejectWith('max_depth'),
    },
    costLimit: {
      maxCost: config.GRAPHQL_MAX_COST,
      exposeLimits,
      errorMessage,
      ...rejectWith('max_cost'),
    },
    maxAliases: {
      n: config.GRAPHQL_MAX_ALIASES,
      exposeLimits,
      errorMessage,
      ...rejectWith('max_aliases'),
    },
    maxDirectives: { n: 50, exposeLimits, errorMessage, ...rejectWith('max_directives') },
    // Armor's Apollo token plugin throws from a parsing hook, which Apollo answers with a 500;
    // graphql-js counts tokens in the parser itself (parseOptions below), answering 400.
    maxTokens: { enabled: false },
    blockFieldSuggestion: { enabled: !exposeLimits },
  }).protect();
  // graphql-armor is typed against Apollo's CommonJS declarations; at runtime its plugins are plain objects.
  return {
    plugins: protection.plugins as unknown as ApolloServerPlugin[],
    validationRules: protection.validationRules,
  };
}

/** The failure under a GraphQL error: graphql-js wraps a resolver's error, which may wrap a REST one. */
function rootCause(error: GraphQLError): unknown {
  let cause: unknown = error;
  while (cause instanceof GraphQLError && cause.originalError) cause = cause.originalError;
  return cause;
}

/** Logs every error with the request id; unexpected ones with their cause, which clients never see. */
const errorLog: ApolloServerPlugin<GatewayContext> = {
  async requestDidStart() {
    return {
      async didEncounterErrors({ contextValue, errors }) {
        for (const error of errors) {
          const code = error.extensions.code;
          // A client that went away mid-request is routine (closed tab, ended benchmark), not a fault.
          const cause = rootCause(error);
          const clientLeft = cause instanceof UpstreamError && cause.kind === 'aborted';
          const serious =
            !clientLeft &&
            (code === undefined ||
              code === 'INTERNAL_SERVER_ERROR' ||
              String(code).startsWith('UPSTREAM_'));
          const entry = { code, reason: error.extensions.reason, path: error.path };
          // A client's own mistake (a wrong password, an unknown field) needs no stack.
          if (serious)
            contextValue.logger.error(
              { ...entry, err: error.originalError ?? error },
              error.message,
            );
          else contextValue.logger.info(entry, error.message);
        }
      },
    };
  },
};

/**
 * An answer refused by a limit of the API (RATE_LIMITED) or waiting for a survey's results
 * (RESULTS_PREPARING) carries the API's Retry-After; a limit's refusal with no data at all (a
 * refused sign-in) answers 429, as it does over HTTP.
 */
const rateLimitAnswer: ApolloServerPlugin<GatewayContext> = {
  async requestDidStart() {
    return {
      async willSendResponse({ response }) {
        if (response.body.kind !== 'single') return;
        const { data, errors } = response.body.singleResult;
        const later = errors?.find(
          (error) =>
            error.extensions?.code === 'RATE_LIMITED' ||
            error.extensions?.code === 'RESULTS_PREPARING',
        );
        if (!later) return;
        const retryAfter = later.extensions?.retryAfter;
        if (typeof retryAfter === 'number')
          response.http.headers.set('retry-after', `${retryAfter}`);
        if (later.extensions?.code === 'RATE_LIMITED' && (data === null || data === undefined))
          response.http.status = 429;
      },
    };
  },
};

export function createApolloServer(
  config: GatewayConfig,
  schema: GraphQLSchema,
  plugins: ApolloServerPlugin<GatewayContext>[] = [],
): ApolloServer<GatewayContext> {
  const protection = armor(config);
  return new ApolloServer<GatewayContext>({
    schema,
    plugins: [
      ...protection.plugins,
      ApolloServerPluginCacheControlDisabled(),
      ApolloServerPluginLandingPageDisabled(),
      errorLog,
      rateLimitAnswer,
      ...plugins,
    ],
    validationRules: protection.validationRules,
    allowBatchedHttpRequests: false,
    includeStacktraceInErrorResponses: false,
    csrfPrevention: true,
    // server.ts stops gracefully on SIGTERM (@survey/runtime/shutdown); Apollo's own handler would
    // stop first and then kill the process with the signal again, cutting the requests under way.
    stopOnTerminationSignals: false,
    introspection: config.GRAPHQL_INTROSPECTION,
    parseOptions: { maxTokens: config.GRAPHQL_MAX_TOKENS },
    formatError: createFormatError(config.NODE_ENV !== 'production'),
  });
}
