// The providers, outermost first: Mantine (theme), i18next, Apollo, then the router.
import { ApolloProvider } from '@apollo/client/react';
import { MantineProvider } from '@mantine/core';
import type { i18n as I18n } from 'i18next';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { createApolloClient } from './apollo';
import { routes } from './router';
import { cssVariablesResolver, theme } from './theme';

export function App({ i18n }: { i18n: I18n }) {
  const [client] = useState(createApolloClient);
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
    >
      <I18nextProvider i18n={i18n}>
        <ApolloProvider client={client}>
          <RouterProvider router={router} />
        </ApolloProvider>
      </I18nextProvider>
    </MantineProvider>
  );
}
