// The theme's colours hold WCAG AA contrast in every state of a light button, hover included.
import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrast, cssVariablesResolver, theme } from './theme';

const merged = mergeMantineTheme(DEFAULT_THEME, theme);
const light = cssVariablesResolver(merged).light;

describe('light variant colours', () => {
  it("finds Mantine's own blue light button below 4.5:1 on hover", () => {
    expect(contrast(merged.colors.blue[9], merged.colors.blue[2])).toBeLessThan(4.5);
  });

  it.each(Object.keys(merged.colors))('reads at rest and on hover in %s', (name) => {
    const text = light[`--mantine-color-${name}-light-color`] ?? '';
    const shades = merged.colors[name] ?? [];
    expect(contrast(text, shades[1] ?? '')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(text, shades[2] ?? '')).toBeGreaterThanOrEqual(4.5);
  });
});
