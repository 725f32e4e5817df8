import {
  Alert,
  type BadgeProps,
  Button,
  type CardProps,
  type CSSVariablesResolver,
  createTheme,
  type MantineColorsTuple,
  type MenuProps,
  type ModalProps,
  type NavLinkProps,
  Paper,
  PasswordInput,
  type ScrollAreaProps,
  type TabsProps,
  Title,
} from '@mantine/core';

/**
 * The one accent: a calm indigo. Shade 7 fills buttons and colours links in light mode (white on it 5.9:1),
 * shade 6 fills in dark mode (white on it 4.7:1) and shade 3 colours links there (6.5:1 on the dark surface).
 */
const brand: MantineColorsTuple = [
  '#eef0fb',
  '#dde0f6',
  '#bac0ee',
  '#959ee5',
  '#7782dd',
  '#6470d8',
  '#5e6ad2',
  '#4f5abf',
  '#434ca6',
  '#363d88',
];

/** Mantine's dark greys, cooled slightly towards the accent; dark-7 is the dark surface, dark-8 the canvas. */
const dark: MantineColorsTuple = [
  '#d5d7de',
  '#b4b7c2',
  '#9499a6',
  '#6b6f7c',
  '#464955',
  '#33363f',
  '#272a31',
  '#1d1f25',
  '#16181d',
  '#101115',
];

/**
 * The colour roles, per scheme, as concrete values: `theme-contrast.test.ts` checks every text role against
 * both backgrounds (surface and canvas) at WCAG AA, 4.5:1; docs/design.md lists the ratios.
 * - surface: cards, header, navbar, dialogs (Mantine's body colour); canvas: the page behind them;
 * - text, dimmed (secondary text), link (anchors and the current nav item), danger (field errors),
 *   success and warning (status text);
 * - border: subtle lines between regions (decorative, not text);
 * - focus: the focus ring, at least 3:1 against both backgrounds.
 */
export const COLOR_ROLES = {
  light: {
    surface: '#ffffff',
    canvas: '#f6f7f9',
    text: '#1b1d23',
    dimmed: '#5f6673',
    link: brand[7],
    danger: '#c92a2a',
    success: '#2b7a3b',
    warning: '#a04900',
    border: '#e3e5ea',
    focus: brand[7],
  },
  dark: {
    surface: dark[7],
    canvas: dark[8],
    text: dark[0],
    dimmed: dark[2],
    link: brand[3],
    danger: '#ff8787',
    success: '#69db7c',
    warning: '#ffc078',
    border: dark[5],
    focus: brand[3],
  },
} as const;

/**
 * Colours chosen for WCAG AA (4.5:1 for normal text), which Mantine's defaults miss in places:
 * - shade 7 (light) and 6 (dark) of the accent for filled controls, links in shade 7 (light) and 3 (dark);
 * - secondary ('dimmed') text darker than Mantine's gray-6 (3.3:1 on white) and lighter than its dark-2 on our surfaces;
 * - alert titles in the body text colour (orange or yellow titles on their light background fall to 2.7-3.6:1);
 * - badges as a coloured dot beside body text (coloured text on a light badge is about 3.8:1);
 * - the current navigation link in the link colour on a faint accent tint (see theme.css), not accent on accent;
 * - field errors, success and warning text in the role colours above (Mantine's red-8 is 4.2:1 on the canvas).
 * Every password field's show-characters toggle is reachable by Tab (Mantine leaves it out of the tab order).
 */
export const theme = createTheme({
  colors: { brand, dark },
  primaryColor: 'brand',
  primaryShade: { light: 7, dark: 6 },
  autoContrast: true,
  focusRing: 'auto',
  black: COLOR_ROLES.light.text,
  fontFamily:
    'Inter, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif, "Apple Color Emoji", "Segoe UI Emoji"',
  // Body text is 15 px (md); secondary text and controls 14 px (sm); captions 12 px (xs).
  fontSizes: { xs: '0.75rem', sm: '0.875rem', md: '0.9375rem', lg: '1.0625rem', xl: '1.25rem' },
  lineHeights: { xs: '1.4', sm: '1.45', md: '1.55', lg: '1.55', xl: '1.5' },
  headings: {
    fontWeight: '600',
    sizes: {
      h1: { fontSize: '1.625rem', lineHeight: '1.25' },
      h2: { fontSize: '1.25rem', lineHeight: '1.3' },
      h3: { fontSize: '1.0625rem', lineHeight: '1.4' },
      h4: { fontSize: '0.9375rem', lineHeight: '1.45' },
      h5: { fontSize: '0.875rem', lineHeight: '1.5' },
      h6: { fontSize: '0.8125rem', lineHeight: '1.5' },
    },
  },
  spacing: { xs: '0.5rem', sm: '0.75rem', md: '1rem', lg: '1.5rem', xl: '2rem' },
  radius: { xs: '0.25rem', sm: '0.375rem', md: '0.5rem', lg: '0.75rem', xl: '1rem' },
  defaultRadius: 'md',
  shadows: {
    xs: '0 1px 2px rgba(16, 17, 21, 0.05)',
    sm: '0 1px 3px rgba(16, 17, 21, 0.08), 0 1px 2px rgba(16, 17, 21, 0.04)',
    md: '0 4px 12px rgba(16, 17, 21, 0.08), 0 1px 3px rgba(16, 17, 21, 0.05)',
    lg: '0 12px 28px rgba(16, 17, 21, 0.12), 0 2px 6px rgba(16, 17, 21, 0.06)',
    xl: '0 20px 40px rgba(16, 17, 21, 0.16)',
  },
  // Components the login page does not show are themed with plain objects rather than Component.extend(),
  // which would pull each component into the entry chunk (Menu alone brings the floating-ui library).
  components: {
    Alert: Alert.extend({ styles: { title: { color: 'var(--mantine-color-text)' } } }),
    AppShell: {
      styles: {
        // The page behind main is the shell's (theme.css .app-shell): canvas, with the navbar's surface beside it.
        header: { background: 'var(--app-color-surface)' },
        navbar: { background: 'var(--app-color-surface)' },
      },
    },
    // Sentence case like every other label: Mantine's badges shout in capitals by default. A badge's label
    // shows whole: Mantine's clips it, so a table squeezed its column to the dot and read 'Suspend…'.
    Badge: {
      defaultProps: { variant: 'dot', radius: 'sm' } satisfies Partial<BadgeProps>,
      styles: { root: { textTransform: 'none', fontWeight: 500, letterSpacing: 0 }, label: { overflow: 'visible' } },
    },
    Button: Button.extend({ defaultProps: { radius: 'md' } }),
    Card: { defaultProps: { withBorder: true, radius: 'lg', padding: 'lg', shadow: 'xs' } satisfies Partial<CardProps> },
    Menu: { defaultProps: { shadow: 'md', radius: 'md' } satisfies Partial<MenuProps> },
    // Every dialog's × is named, the ones opened through modals.open() included (axe: button-name).
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } satisfies Partial<ModalProps> },
    NavLink: { defaultProps: { variant: 'light' } satisfies Partial<NavLinkProps> },
    Paper: Paper.extend({ defaultProps: { radius: 'lg' } }),
    // Every show-characters toggle is reachable by Tab and named, in one place rather than at each field.
    PasswordInput: PasswordInput.extend({
      defaultProps: { visibilityToggleFocusable: true, visibilityToggleButtonProps: { 'aria-label': 'Show characters' } },
    }),
    // A region wider than its box (a table at phone width) shows its scrollbar whenever it overflows, not only on
    // hover, which a touch screen never has: the cut-off columns read as reachable.
    ScrollArea: { defaultProps: { type: 'auto' } satisfies Partial<ScrollAreaProps> },
    // On a phone the tabs scroll sideways in one row instead of wrapping (theme.css hides the scrollbar's gutter).
    Tabs: { classNames: { list: 'app-tabs-list', tab: 'app-tabs-tab' } satisfies TabsProps['classNames'] },
    Title: Title.extend({ styles: { root: { letterSpacing: '-0.01em' } } }),
  },
});

export const cssVariables: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--app-color-surface': COLOR_ROLES.light.surface,
    '--app-color-canvas': COLOR_ROLES.light.canvas,
    '--app-color-border': COLOR_ROLES.light.border,
    '--app-color-focus': COLOR_ROLES.light.focus,
    '--app-color-warning': COLOR_ROLES.light.warning,
    '--mantine-color-body': COLOR_ROLES.light.surface,
    '--mantine-color-text': COLOR_ROLES.light.text,
    '--mantine-color-dimmed': COLOR_ROLES.light.dimmed,
    '--mantine-color-anchor': COLOR_ROLES.light.link,
    '--mantine-color-error': COLOR_ROLES.light.danger,
    '--mantine-color-success': COLOR_ROLES.light.success,
    '--mantine-color-default-border': 'var(--mantine-color-gray-4)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
    // Danger buttons (Disable, Delete): Mantine's red-6 is 3.3:1 against white, as text and under white text.
    '--mantine-color-red-outline': COLOR_ROLES.light.danger,
    '--mantine-color-red-filled': COLOR_ROLES.light.danger,
    '--mantine-color-red-filled-hover': '#a61e1e',
  },
  dark: {
    '--app-color-surface': COLOR_ROLES.dark.surface,
    '--app-color-canvas': COLOR_ROLES.dark.canvas,
    '--app-color-border': COLOR_ROLES.dark.border,
    '--app-color-focus': COLOR_ROLES.dark.focus,
    '--app-color-warning': COLOR_ROLES.dark.warning,
    '--mantine-color-body': COLOR_ROLES.dark.surface,
    '--mantine-color-text': COLOR_ROLES.dark.text,
    '--mantine-color-dimmed': COLOR_ROLES.dark.dimmed,
    '--mantine-color-anchor': COLOR_ROLES.dark.link,
    '--mantine-color-error': COLOR_ROLES.dark.danger,
    '--mantine-color-success': COLOR_ROLES.dark.success,
    // White on Mantine's dark-scheme red-8 is 4.4:1.
    '--mantine-color-red-filled': '#c92a2a',
    '--mantine-color-red-filled-hover': '#a61e1e',
  },
});
