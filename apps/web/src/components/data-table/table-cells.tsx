import type { ButtonHTMLAttributes, CSSProperties, ReactNode } from 'react';
import classes from './table-cells.module.css';

/**
 * A table cell's action that reads as a link (a row's name that opens it): one plain button, styled as the
 * theme's Anchor. Lists render one per row, so it stays a single element rather than a Mantine component.
 */
export function CellLink({ className, ...props }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type="button" {...props} className={className ? `${classes.link} ${className}` : classes.link} />;
}

interface DotBadgeProps {
  /** A Mantine colour name ('green', 'orange', …): its filled shade colours the dot. */
  color: string;
  children: ReactNode;
}

/** A status in a table cell: the theme's dot badge (docs/design.md) as one plain element. */
export function DotBadge({ color, children }: DotBadgeProps) {
  const style = { '--dot-color': `var(--mantine-color-${color}-filled)` } as CSSProperties;
  return (
    <span className={classes.dotBadge} style={style}>
      {children}
    </span>
  );
}
