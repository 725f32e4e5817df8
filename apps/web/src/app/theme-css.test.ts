import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

// The shell's rules live in theme.css (docs/design.md); the unit tests cannot lay a page out, so they read the rules
// a screen depends on, and the browser journeys see them applied.
const css = readFileSync(path.join(import.meta.dirname, 'theme.css'), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');

/** The declarations of every rule whose selector is exactly `selector`, at the top level or in a media query. */
function rule(selector: string): string {
  return css
    .split('}')
    .filter((block) => block.split('\n').some((line) => line.trim() === `${selector} {`))
    .map((block) => block.slice(block.lastIndexOf('{') + 1))
    .join('\n');
}

describe('the shell’s rules (theme.css)', () => {
  it('scrolls what the keyboard reaches clear of the fixed header', () => {
    expect(rule('html')).toMatch(/scroll-padding-top:\s*calc\(var\(--app-shell-header-height/);
  });

  it('colours plain links in the link role in both schemes, and underlines them in running text', () => {
    expect(rule(':where(a:not([class]))')).toMatch(/color:\s*var\(--mantine-color-anchor\)/);
    // An alert's tint is no surface: there the link takes the alert's own text colour (and its underline).
    expect(rule('.mantine-Alert-root a:not([class])')).toMatch(/color:\s*inherit/);
    expect(css).toMatch(/\.mantine-Alert-message[^{]*> a:not\(\[class\]\)\s*\{[^}]*text-decoration:\s*underline/);
  });

  it('keeps the sidebar’s background down a long page, and a long navigation list inside it', () => {
    expect(rule('.mantine-AppShell-navbar')).toMatch(/overflow-y:\s*auto/);
    expect(rule('.app-shell')).toMatch(
      /background:\s*linear-gradient\(\s*to right,\s*var\(--app-color-surface\) calc\(var\(--app-navbar-width\)/,
    );
  });

  it('wraps a tab strip marked to wrap from tablet width, so no tab hides past the edge', () => {
    expect(css).toMatch(/@media \(min-width: 48em\)\s*\{\s*\.app-tabs-list\.app-tabs-wrap\s*\{[^}]*flex-wrap:\s*wrap/);
  });

  it('shows a scrolling region’s scrollbar whenever it overflows, not only on hover', () => {
    expect(theme.components?.ScrollArea?.defaultProps).toMatchObject({ type: 'auto' });
  });
});
