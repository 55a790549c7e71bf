// The providers, outermost first: Mantine (theme), i18next, Apollo, then the router.
import { ApolloProvider } from '@apollo/client/react';
import { MantineProvider } from '@mantine/core';
import type { i18n as I18n } from 'i18next';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter, useRoutes } from 'react-router';
import { createApolloClient } from './apollo';
import { routes } from './router';
import { cssVariablesResolver, theme } from './theme';

export function App({ i18n }: { i18n: I18n }) {
  const [client] = useState(createApolloClient);
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
    >
      <I18nextProvider i18n={i18n}>
        <ApolloProvider client={client}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </ApolloProvider>
      </I18nextProvider>
    </MantineProvider>
  );
}

function AppRoutes() {
  return useRoutes(routes);
}
