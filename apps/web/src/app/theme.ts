import { Alert, Badge, type CSSVariablesResolver, NavLink, PasswordInput, createTheme } from '@mantine/core';

/**
 * Colours chosen for WCAG AA (4.5:1 for normal text), which Mantine's defaults miss in places:
 * - shade 8 for filled controls and links (white on the default shade 6 blue is about 3.6:1);
 * - alert titles in the body text colour (orange or yellow titles on their light background fall to 2.7-3.6:1);
 * - badges as a coloured dot beside dark text (coloured text on a light badge is about 3.8:1);
 * - the current navigation link filled (blue text on its light hover background is under 4.5:1);
 * - field errors in shade 8 red (the default shade 6 is about 3.3:1 on white), see `cssVariables`.
 * Every password field's show-characters toggle is reachable by Tab (Mantine leaves it out of the tab order).
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  autoContrast: true,
  focusRing: 'auto',
  components: {
    Alert: Alert.extend({ styles: { title: { color: 'var(--mantine-color-text)' } } }),
    Badge: Badge.extend({ defaultProps: { variant: 'dot' } }),
    NavLink: NavLink.extend({ defaultProps: { variant: 'filled' } }),
    PasswordInput: PasswordInput.extend({ defaultProps: { visibilityToggleFocusable: true } }),
  },
});

export const cssVariables: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-error': 'var(--mantine-color-red-8)' },
  dark: {},
});
