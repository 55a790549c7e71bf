// GraphiQL for integrators, bundled with its Monaco workers so it runs with no internet access.
import 'graphiql/setup-workers/vite';
import 'graphiql/style.css';
import { GraphiQL } from 'graphiql';
import type { ComponentProps } from 'react';
import { createRoot } from 'react-dom/client';

type Fetcher = ComponentProps<typeof GraphiQL>['fetcher'];

// Same origin with credentials: a console session cookie works here, and so does an
// `Authorization: Bearer` header typed into the headers tab.
const fetcher: Fetcher = async (params, options) => {
  const response = await fetch(new URL('/graphql', window.location.origin), {
    method: 'POST',
    credentials: 'same-origin',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
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

// New integrators start with the current enum values (packages/schema/README.md, Deprecations).
const headers = JSON.stringify({ 'Survey-Enum-Values': 'ALL_CAPS' }, null, 2);

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
