import type { ProductDto } from '@bagshop/shared/catalogue-types';
import type { ProductSort } from '@bagshop/shared/schemas/admin-lists';
import { Badge, Card, Table } from 'react-bootstrap';
import { type RowAction, RowActions } from '../../../components/admin-list.tsx';
import { type BulkSelection, SelectAllBox, SelectRowBox } from '../../../components/bulk-selection.tsx';
import { orderDate } from '../../../components/order-rules.ts';
import { rupees } from '../../../components/price.tsx';
import { SortHeader, sortableBy } from '../../../components/sort-header.tsx';
import type { SortOption } from '../../../components/sort-select.tsx';
import type { useListView } from '../../../components/use-list-params.ts';

/** The columns the list sorts by, as the headings and the phone's sort control name them. */
export const PRODUCT_SORT_OPTIONS: SortOption<ProductSort>[] = [
  { column: 'createdAt', label: 'Added', kind: 'date' },
  { column: 'name', label: 'Name', kind: 'text' },
  { column: 'category', label: 'Category', kind: 'text' },
  { column: 'price', label: 'Price', kind: 'number' },
  { column: 'quantity', label: 'Stock', kind: 'number' },
];

/** The price after offer, with the original struck through when an offer lowers it. */
export function AdminPrice({ product }: { product: ProductDto }) {
  if (product.discountPercent <= 0 || product.finalPrice >= product.price) {
    return <span className="fw-semibold">{rupees(product.price)}</span>;
  }
  return (
    <span>
      <span className="visually-hidden">Price after offer </span>
      <span className="fw-semibold">{rupees(product.finalPrice)}</span>{' '}
      <span className="visually-hidden">, original price </span>
      <del className="text-muted small">{rupees(product.price)}</del>{' '}
      <Badge bg="success">{product.discountPercent}% off</Badge>
    </span>
  );
}

/** Blocked itself, hidden because its category is blocked, or on sale. */
export function ProductState({ product }: { product: ProductDto }) {
  if (!product.isExist) return <Badge bg="danger">Blocked</Badge>;
  if (!product.available)
    return (
      <Badge bg="warning" text="dark">
        Category blocked
      </Badge>
    );
  return <Badge bg="success">Active</Badge>;
}

function Stock({ quantity }: { quantity: number }) {
  return quantity > 0 ? <span>{quantity}</span> : <span className="text-danger fw-semibold">Out of stock</span>;
}

function Thumb({ product }: { product: ProductDto }) {
  const src = product.thumbs[0] ?? product.pdImage[0];
  return src ? (
    <img src={src} alt="" className="admin-product-thumb" loading="lazy" />
  ) : (
    <span className="admin-product-thumb admin-product-thumb-empty" aria-hidden="true" />
  );
}

interface ProductsTableProps {
  products: ProductDto[];
  onAction: (action: RowAction<ProductDto>) => void;
  selection: BulkSelection;
  view: Pick<ReturnType<typeof useListView<ProductSort>>, 'sort' | 'dir' | 'sortBy'>;
}

/** The products list: a table on wide screens, one card per product on phones. */
export function ProductsTable({ products, onAction, selection, view }: ProductsTableProps) {
  const sortable = sortableBy(view);
  return (
    <>
      <div className="d-none d-md-block">
        <Table hover responsive className="align-middle mb-0">
          <thead>
            <tr>
              <th scope="col">
                <SelectAllBox selection={selection} label="Select all products on this page" />
              </th>
              <th scope="col">
                <span className="visually-hidden">Image</span>
              </th>
              <SortHeader column="name" label="Name" {...sortable} />
              <SortHeader column="category" label="Category" {...sortable} />
              <SortHeader column="price" label="Price" {...sortable} />
              <SortHeader column="quantity" label="Stock" {...sortable} />
              <th scope="col">Status</th>
              <SortHeader column="createdAt" label="Added" {...sortable} />
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {products.map((product) => (
              <tr key={product._id}>
                <td>
                  <SelectRowBox selection={selection} id={product._id} name={product.name} />
                </td>
                <td>
                  <Thumb product={product} />
                </td>
                <td>
                  <span className="fw-semibold">{product.name}</span>
                  <div className="small text-muted">
                    {product.brand} · {product.color} · {product.size}
                  </div>
                </td>
                <td>{product.category.name}</td>
                <td className="text-nowrap">
                  <AdminPrice product={product} />
                </td>
                <td>
                  <Stock quantity={product.quantity} />
                </td>
                <td>
                  <ProductState product={product} />
                </td>
                <td className="text-nowrap small">{orderDate(product.createdAt)}</td>
                <td>
                  <RowActions item={product} editTo={`/admin/products/edit/${product._id}`} onAction={onAction} />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
      <ul className="list-unstyled d-md-none mb-0 d-grid gap-3" aria-label="Products">
        {products.map((product) => (
          <li key={product._id}>
            <Card className="shadow-sm">
              <Card.Body>
                <div className="d-flex gap-3">
                  <SelectRowBox selection={selection} id={product._id} name={product.name} />
                  <Thumb product={product} />
                  <div className="flex-grow-1 min-w-0">
                    <div className="d-flex justify-content-between align-items-start gap-2">
                      <h3 className="h6 mb-1 text-break">{product.name}</h3>
                      <ProductState product={product} />
                    </div>
                    <p className="small text-muted mb-1">{product.category.name}</p>
                    <p className="small mb-1">
                      <AdminPrice product={product} />
                    </p>
                    <p className="small mb-2">
                      Stock: <Stock quantity={product.quantity} />
                    </p>
                  </div>
                </div>
                <RowActions item={product} editTo={`/admin/products/edit/${product._id}`} onAction={onAction} />
              </Card.Body>
            </Card>
          </li>
        ))}
      </ul>
    </>
  );
}
