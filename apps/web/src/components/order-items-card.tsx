import type { ReactNode } from 'react';
import { Card } from 'react-bootstrap';

/** The "Items" card of an order screen; the children are the list items, one per ordered product. */
export function OrderItemsCard({ children }: { children: ReactNode }) {
  return (
    <Card className="border-0 shadow-sm">
      <Card.Body className="p-2 p-md-3">
        <h2 className="h6 text-uppercase text-muted m-2">Items</h2>
        <ul className="list-unstyled mb-0" aria-label="Items in this order">
          {children}
        </ul>
      </Card.Body>
    </Card>
  );
}
