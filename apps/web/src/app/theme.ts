// Mantine theme: default look, with shades dark enough for WCAG AA contrast on white.
import { Alert, createTheme, type CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 5 },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    // A light alert's coloured title (e.g. green.9 on green.1) is below 4.5:1; body text colour is not.
    Alert: Alert.extend({ styles: { title: { color: 'var(--mantine-color-text)' } } }),
  },
});

// Mantine's default dimmed (gray.6) and error (red.6) texts are below 4.5:1 on white.
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': t.colors.gray[7],
    '--mantine-color-error': t.colors.red[9],
  },
  dark: {},
});
