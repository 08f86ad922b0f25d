import type { ReactNode } from 'react';
import { Table } from 'react-bootstrap';
import { ScrollRegion } from '../../../components/scroll-region.tsx';

interface ScrollTableProps {
  /** The table's caption, also the name of the box it scrolls in. */
  label: string;
  hover?: boolean;
  children: ReactNode;
}

/**
 * A table that scrolls sideways inside its own box on a narrow screen (the page itself never does). The box takes
 * keyboard focus and is named by the caption, so it can be scrolled without a mouse (axe: scrollable-region-focusable).
 */
export function ScrollTable({ label, hover = false, children }: ScrollTableProps) {
  return (
    <ScrollRegion label={label}>
      <Table hover={hover} size="sm" className="align-middle mb-0">
        <caption className="caption-top h5 text-body">{label}</caption>
        {children}
      </Table>
    </ScrollRegion>
  );
}
