import type { ReactNode } from 'react';

interface ScrollRegionProps {
  /** The name a screen reader gives the box (usually the table's caption). */
  label: string;
  /** Classes beside `table-responsive` (spacing). */
  className?: string;
  children: ReactNode;
}

/**
 * A box a wide table scrolls sideways in on a narrow screen (the page itself never does). It takes keyboard focus and
 * has a name, so it can be scrolled without a mouse (axe: scrollable-region-focusable; docs/decisions/059-screen-edges.md).
 */
export function ScrollRegion({ label, className, children }: ScrollRegionProps) {
  const classes = className ? `table-responsive ${className}` : 'table-responsive';
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to be scrolled
    <section className={classes} aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
