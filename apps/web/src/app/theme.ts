// Mantine theme: default look, with shades dark enough for WCAG AA contrast on white.
import {
  Alert,
  Badge,
  createTheme,
  darken,
  luminance,
  type CSSVariablesResolver,
  type MantineTheme,
} from '@mantine/core';
import { FONT_FAMILY } from './fonts';

export const theme = createTheme({
  primaryColor: 'blue',
  // Bundled Noto for every script (fonts.ts), never the system's fonts.
  fontFamily: FONT_FAMILY,
  headings: { fontFamily: FONT_FAMILY },
  primaryShade: { light: 8, dark: 5 },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    // A light alert's coloured title (e.g. green.9 on green.1) is below 4.5:1; body text colour is not.
    Alert: Alert.extend({ styles: { title: { color: 'var(--mantine-color-text)' } } }),
    // A light badge's text (e.g. green.6 on green.0, 3.8:1) likewise; even the darkest shade is not
    // enough for green and yellow (green.9 on its tint 4.0:1, yellow.9 2.9:1): it, darkened by 40%.
    // A badge's label is one line cut with an ellipsis: a longer language ("Not confirmed" is
    // twice as long in some) lost its end in a narrow table cell. It wraps instead.
    Badge: Badge.extend({
      styles: {
        root: { height: 'auto', minHeight: 'var(--badge-height)', maxWidth: '100%' },
        label: { whiteSpace: 'normal', overflow: 'visible', lineHeight: 1.25, paddingBlock: 2 },
      },
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
    ...lightVariantColors(t),
    '--mantine-color-dimmed': t.colors.gray[7],
    '--mantine-color-error': t.colors.red[9],
    '--mantine-color-placeholder': t.colors.gray[7],
  },
  dark: {},
});

/** WCAG contrast ratio of two colours. */
export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * A `light` button or action icon (button[data-variant="light"]) writes shade 9 on shade 1, and
 * on shade 2 while the pointer is over it: blue.9 on blue.2 is 4.0:1, below the 4.5:1 minimum. A
 * person clicking "Add a comment" keeps the pointer on it, so axe saw the hover state whenever it
 * ran before the pointer moved. Each colour's light text is darkened until it reads on the hover
 * background too (and so on the lighter resting one).
 */
export function lightVariantColors(t: MantineTheme): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [name, shades] of Object.entries(t.colors)) {
    let text = shades[9];
    for (let amount = 0.05; contrast(text, shades[2]) < 4.6 && amount < 1; amount += 0.05)
      text = darken(shades[9], amount);
    variables[`--mantine-color-${name}-light-color`] = text;
  }
  return variables;
}
