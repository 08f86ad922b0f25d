import type { OfferDto } from '@bagshop/shared/catalogue-types';
import type { CategorySort } from '@bagshop/shared/schemas/admin-lists';
import type { AdminCategoryRow } from '@bagshop/shared/schemas/catalogue';
import { Card, Table } from 'react-bootstrap';
import { type RowAction, RowActions, StateBadge } from '../../../components/admin-list.tsx';
import { orderDate } from '../../../components/order-rules.ts';
import { SortHeader, sortableBy } from '../../../components/sort-header.tsx';
import type { SortOption } from '../../../components/sort-select.tsx';
import type { useListView } from '../../../components/use-list-params.ts';

/** The columns the list sorts by, as the headings and the phone's sort control name them. */
export const CATEGORY_SORT_OPTIONS: SortOption<CategorySort>[] = [
  { column: 'createdAt', label: 'Added', kind: 'date' },
  { column: 'name', label: 'Name', kind: 'text' },
];

function OfferText({ offer }: { offer: OfferDto | null }) {
  if (!offer) return <span className="text-muted">None</span>;
  return (
    <span>
      {offer.name} <span className="text-muted">({offer.discount}% off)</span>
    </span>
  );
}

interface CategoriesTableProps {
  categories: AdminCategoryRow[];
  onAction: (action: RowAction<AdminCategoryRow>) => void;
  view: Pick<ReturnType<typeof useListView<CategorySort>>, 'sort' | 'dir' | 'sortBy'>;
}

/** The categories list: a table on wide screens, one card per category on phones. */
export function CategoriesTable({ categories, onAction, view }: CategoriesTableProps) {
  const sortable = sortableBy(view);
  return (
    <>
      <div className="d-none d-md-block">
        <Table hover responsive className="align-middle mb-0">
          <thead>
            <tr>
              <SortHeader column="name" label="Name" {...sortable} />
              <th scope="col">Offer</th>
              <th scope="col">Products</th>
              <SortHeader column="createdAt" label="Added" {...sortable} />
              <th scope="col">Status</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {categories.map((category) => (
              <tr key={category._id}>
                <td className="fw-semibold">{category.name}</td>
                <td>
                  <OfferText offer={category.offer} />
                </td>
                <td>{category.productCount ?? '—'}</td>
                <td className="text-nowrap">{orderDate(category.createdAt)}</td>
                <td>
                  <StateBadge active={category.isExist} />
                </td>
                <td>
                  <RowActions item={category} editTo={`/admin/category/edit/${category._id}`} onAction={onAction} />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
      <ul className="list-unstyled d-md-none mb-0 d-grid gap-3" aria-label="Categories">
        {categories.map((category) => (
          <li key={category._id}>
            <Card className="shadow-sm">
              <Card.Body>
                <div className="d-flex justify-content-between align-items-start gap-2">
                  <h3 className="h6 mb-1 text-break">{category.name}</h3>
                  <StateBadge active={category.isExist} />
                </div>
                <p className="small mb-2">
                  Offer: <OfferText offer={category.offer} />
                  {category.productCount === undefined ? null : (
                    <span className="text-muted"> · {category.productCount} products</span>
                  )}
                  <span className="text-muted"> · Added {orderDate(category.createdAt)}</span>
                </p>
                <RowActions item={category} editTo={`/admin/category/edit/${category._id}`} onAction={onAction} />
              </Card.Body>
            </Card>
          </li>
        ))}
      </ul>
    </>
  );
}
