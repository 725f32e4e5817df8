import type { ReactNode } from 'react';

/**
 * A table that may be wider than a phone scrolls sideways inside its card, never the page. The scrolling
 * region takes focus, so keyboard users can scroll it too (axe: scrollable-region-focusable), and is named
 * after its table. `minWidth` keeps a narrow screen from squeezing the columns instead of scrolling them.
 */
export function ScrollTable({ label, minWidth, children }: { label: string; minWidth?: number; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to be scrolled.
    <section aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
      {minWidth ? <div style={{ minWidth }}>{children}</div> : children}
    </section>
  );
}
