import type { OfferDto } from '@bagshop/shared/catalogue-types';
import type { OfferSort } from '@bagshop/shared/schemas/admin-lists';
import type { AdminOfferRow } from '@bagshop/shared/schemas/catalogue';
import { Badge, Card, Table } from 'react-bootstrap';
import { type RowAction, RowActions } from '../../../components/admin-list.tsx';
import { orderDate } from '../../../components/order-rules.ts';
import { rupees } from '../../../components/price.tsx';
import { SortHeader, sortableBy } from '../../../components/sort-header.tsx';
import type { SortOption } from '../../../components/sort-select.tsx';
import type { useListView } from '../../../components/use-list-params.ts';

/** The columns the list sorts by, as the headings and the phone's sort control name them. */
export const OFFER_SORT_OPTIONS: SortOption<OfferSort>[] = [
  { column: 'createdAt', label: 'Added', kind: 'date' },
  { column: 'name', label: 'Name', kind: 'text' },
  { column: 'discount', label: 'Discount', kind: 'number' },
  { column: 'activation', label: 'Starts', kind: 'date' },
  { column: 'expiry', label: 'Ends', kind: 'date' },
];

export const OFFER_TYPE_LABELS = { products: 'Products', category: 'Category' } as const;

/** Blocked, or where the offer stands against today's date. */
export function OfferStatus({ offer, now = new Date() }: { offer: OfferDto; now?: Date }) {
  if (!offer.isExist) return <Badge bg="danger">Blocked</Badge>;
  if (offer.active) return <Badge bg="success">Active</Badge>;
  if (new Date(offer.expiry).getTime() <= now.getTime()) return <Badge bg="secondary">Expired</Badge>;
  return (
    <Badge bg="info" text="dark">
      Scheduled
    </Badge>
  );
}

interface OffersTableProps {
  offers: AdminOfferRow[];
  onAction: (action: RowAction<AdminOfferRow>) => void;
  view: Pick<ReturnType<typeof useListView<OfferSort>>, 'sort' | 'dir' | 'sortBy'>;
}

/** The offers list: a table on wide screens, one card per offer on phones. */
export function OffersTable({ offers, onAction, view }: OffersTableProps) {
  const sortable = sortableBy(view);
  return (
    <>
      <div className="d-none d-md-block">
        <Table hover responsive className="align-middle mb-0">
          <thead>
            <tr>
              <SortHeader column="name" label="Name" {...sortable} />
              <th scope="col">Applies to</th>
              <SortHeader column="discount" label="Discount" {...sortable} />
              <th scope="col">Criteria amount</th>
              <SortHeader column="activation" label="Starts" {...sortable} />
              <SortHeader column="expiry" label="Ends" {...sortable} />
              <SortHeader column="createdAt" label="Added" {...sortable} />
              <th scope="col">Status</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {offers.map((offer) => (
              <tr key={offer._id}>
                <td>
                  <span className="fw-semibold">{offer.name}</span>
                  <div className="small text-muted text-break">{offer.description}</div>
                </td>
                <td>{OFFER_TYPE_LABELS[offer.type]}</td>
                <td>{offer.discount}%</td>
                <td className="text-nowrap">{rupees(offer.minAmount)}</td>
                <td className="text-nowrap small">{orderDate(offer.activation)}</td>
                <td className="text-nowrap small">{orderDate(offer.expiry)}</td>
                <td className="text-nowrap small">{orderDate(offer.createdAt)}</td>
                <td>
                  <OfferStatus offer={offer} />
                </td>
                <td>
                  <RowActions item={offer} editTo={`/admin/offers/edit/${offer._id}`} onAction={onAction} />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
      <ul className="list-unstyled d-md-none mb-0 d-grid gap-3" aria-label="Offers">
        {offers.map((offer) => (
          <li key={offer._id}>
            <Card className="shadow-sm">
              <Card.Body>
                <div className="d-flex justify-content-between align-items-start gap-2">
                  <h3 className="h6 mb-1 text-break">{offer.name}</h3>
                  <OfferStatus offer={offer} />
                </div>
                <p className="small mb-1 text-break">{offer.description}</p>
                <p className="small text-muted mb-2">
                  {OFFER_TYPE_LABELS[offer.type]} · {offer.discount}% off above {rupees(offer.minAmount)}
                  <br />
                  {orderDate(offer.activation)} to {orderDate(offer.expiry)}
                </p>
                <RowActions item={offer} editTo={`/admin/offers/edit/${offer._id}`} onAction={onAction} />
              </Card.Body>
            </Card>
          </li>
        ))}
      </ul>
    </>
  );
}
