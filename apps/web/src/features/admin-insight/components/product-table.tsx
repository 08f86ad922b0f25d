import { INSIGHT_MSG } from '@bagshop/shared/insight-messages';
import type { SalesReportProductRow } from '@bagshop/shared/insight-types';
import { sumRupees } from '@bagshop/shared/pricing/money';
import { Table } from 'react-bootstrap';
import { ScrollRegion } from '../../../components/scroll-region.tsx';
import { RupeeCells } from './rupee-cells.tsx';

const count = new Intl.NumberFormat('en-IN');
const MONEY = ['gross', 'offerDiscount', 'couponDiscount', 'tax', 'net'] as const;

/** Per product: units kept and their money, with the period's sums in the footer. */
export function ProductTable({ products }: { products: SalesReportProductRow[] }) {
  const units = products.reduce((total, p) => total + p.units, 0);
  return (
    <ScrollRegion label={INSIGHT_MSG.reportProducts}>
      <Table hover size="sm" className="align-middle mb-0">
        <caption className="caption-top h5 text-body">Sales by product</caption>
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col">Brand</th>
            <th scope="col">Category</th>
            <th scope="col" className="text-end">
              Units
            </th>
            <th scope="col" className="text-end">
              Gross
            </th>
            <th scope="col" className="text-end">
              Offer discount
            </th>
            <th scope="col" className="text-end">
              Coupon discount
            </th>
            <th scope="col" className="text-end">
              Tax
            </th>
            <th scope="col" className="text-end">
              Net
            </th>
          </tr>
        </thead>
        <tbody>
          {products.map((product) => (
            <tr key={product.productId}>
              <th scope="row" className="fw-normal">
                {product.name}
              </th>
              <td className="text-nowrap">{product.brand}</td>
              <td className="text-nowrap">{product.category}</td>
              <td className="text-end">{count.format(product.units)}</td>
              <RupeeCells keys={MONEY} amountOf={(key) => product[key]} />
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="fw-semibold">
            <th scope="row" colSpan={3}>
              Total
            </th>
            <td className="text-end">{count.format(units)}</td>
            <RupeeCells keys={MONEY} amountOf={(key) => sumRupees(products.map((p) => p[key]))} />
          </tr>
        </tfoot>
      </Table>
    </ScrollRegion>
  );
}
