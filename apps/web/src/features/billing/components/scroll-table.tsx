import type { ReactNode } from 'react';

/**
 * A table that may be wider than a phone scrolls sideways inside its card, never the page. The scrolling
 * region takes focus, so keyboard users can scroll it too, and is named after its table.
 */
export function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to be scrolled.
    <section aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
      {children}
    </section>
  );
}
