// Mantine theme: default look, with shades dark enough for WCAG AA contrast on white.
import { Alert, Badge, createTheme, darken, type CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 5 },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    // A light alert's coloured title (e.g. green.9 on green.1) is below 4.5:1; body text colour is not.
    Alert: Alert.extend({ styles: { title: { color: 'var(--mantine-color-text)' } } }),
    // A light badge's text (e.g. green.6 on green.0, 3.8:1) likewise; even the darkest shade is not
    // enough for green and yellow (green.9 on its tint 4.0:1, yellow.9 2.9:1): it, darkened by 40%.
    Badge: Badge.extend({
      vars: (theme, props) => {
        const shade = props.color && !props.color.includes('.') && theme.colors[props.color]?.[9];
        return props.variant === 'light' && shade
          ? { root: { '--badge-color': darken(shade, 0.4) } }
          : { root: {} };
      },
    }),
  },
});

// Mantine's default dimmed (gray.6), error (red.6) and placeholder (gray.5) texts are below 4.5:1 on
// white; a date picker shows its placeholder as the button's text, so it must be readable too.
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': t.colors.gray[7],
    '--mantine-color-error': t.colors.red[9],
    '--mantine-color-placeholder': t.colors.gray[7],
  },
  dark: {},
});
