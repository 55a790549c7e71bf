// GraphiQL for integrators, bundled with its Monaco workers so it runs with no internet access.
import 'graphiql/setup-workers/vite';
import 'graphiql/style.css';
import { GraphiQL } from 'graphiql';
import type { ComponentProps } from 'react';
import { createRoot } from 'react-dom/client';

type Fetcher = ComponentProps<typeof GraphiQL>['fetcher'];

// Integrators start with the current enum values (packages/schema/README.md, Deprecations), and
// see the header in the Headers tab to copy into their scripts.
const enumValues = { 'Survey-Enum-Values': 'ALL_CAPS' };
const headers = JSON.stringify(enumValues, null, 2);

// Same origin with credentials: a console session cookie works here, and so does an
// `Authorization: Bearer` header typed into the headers tab.
const fetcher: Fetcher = async (params, options) => {
  const response = await fetch(new URL('/graphql', window.location.origin), {
    method: 'POST',
    credentials: 'same-origin',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      // Also before the Headers tab exists (GraphiQL's first schema request): ALL_CAPS enum values.
      ...enumValues,
      ...options?.headers,
    },
    body: JSON.stringify(params),
  });
  return response.json();
};

const initialQuery = `# Survey Console GraphQL. Sign in for a token (delivery TOKEN), then add
#   "Authorization": "Bearer <token>"
# in the Headers tab below and run \`me\`. The tab already asks for ALL_CAPS enum values
# (\`Survey-Enum-Values\`; without it, renamed values keep their deprecated earlier spelling).
mutation SignIn {
  login(email: "you@example.com", password: "your password", delivery: TOKEN) {
    status
    session { token expiresAt }
  }
}

query Me {
  me { id displayName role companies { id name } }
}
`;

const container = document.getElementById('graphiql');
if (container)
  createRoot(container).render(
    <GraphiQL
      fetcher={fetcher}
      initialQuery={initialQuery}
      initialHeaders={headers}
      defaultHeaders={headers}
    />,
  );
