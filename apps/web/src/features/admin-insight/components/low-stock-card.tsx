import type { LowStockEntry } from '@bagshop/shared/insight-types';
import { STOCK_MSG } from '@bagshop/shared/stock';
import { useId } from 'react';
import { Card, Table } from 'react-bootstrap';
import { FiPackage } from 'react-icons/fi';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/load-states.tsx';
import { ScrollRegion } from '../../../components/scroll-region.tsx';

/** The products at or under their low-stock threshold now, fewest units first (docs/decisions/049-stock-ledger.md). */
export function LowStockCard({ products }: { products: readonly LowStockEntry[] }) {
  const titleId = useId();
  return (
    <Card as="section" className="h-100 border-0 shadow-sm" aria-labelledby={titleId}>
      <Card.Body>
        <h2 id={titleId} className="h5 d-flex align-items-center gap-2 mb-3">
          <FiPackage aria-hidden="true" className="text-brand flex-shrink-0" />
          {STOCK_MSG.lowStockTitle}
        </h2>
        {products.length === 0 ? (
          <EmptyState title={STOCK_MSG.lowStockEmpty} />
        ) : (
          <ScrollRegion label="Low-stock products">
            <Table size="sm" className="mb-0 align-middle" aria-labelledby={titleId}>
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col" className="text-end">
                    In stock
                  </th>
                  <th scope="col" className="text-end">
                    Low at
                  </th>
                </tr>
              </thead>
              <tbody>
                {products.map((p) => (
                  <tr key={p._id}>
                    <td className="text-break">
                      <Link to={`/admin/products/edit/${p._id}`}>{p.name}</Link>
                    </td>
                    <td className={`text-end fw-semibold${p.stock === 0 ? ' text-danger' : ''}`}>{p.stock}</td>
                    <td className="text-end">{p.threshold}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </ScrollRegion>
        )}
      </Card.Body>
    </Card>
  );
}
