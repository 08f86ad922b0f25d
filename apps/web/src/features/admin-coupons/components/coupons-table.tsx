import type { CouponSort } from '@bagshop/shared/schemas/admin-lists';
import type { CouponDto } from '@bagshop/shared/schemas/coupons';
import { Badge, Button, Card, Table } from 'react-bootstrap';
import { FiCopy } from 'react-icons/fi';
import { toast } from 'react-toastify';
import { type RowAction, RowActions } from '../../../components/admin-list.tsx';
import { orderDate } from '../../../components/order-rules.ts';
import { rupees } from '../../../components/price.tsx';
import { SortHeader, sortableBy } from '../../../components/sort-header.tsx';
import type { SortOption } from '../../../components/sort-select.tsx';
import type { useListView } from '../../../components/use-list-params.ts';
import { COUPON_SCREEN_TEXT as TEXT } from '../coupon-messages.ts';

/** The columns the list sorts by, as the headings and the phone's sort control name them. */
export const COUPON_SORT_OPTIONS: SortOption<CouponSort>[] = [
  { column: 'createdAt', label: 'Added', kind: 'date' },
  { column: 'code', label: 'Code', kind: 'text' },
  { column: 'discount', label: 'Discount', kind: 'number' },
  { column: 'uses', label: 'Uses', kind: 'number' },
  { column: 'activation', label: 'Starts', kind: 'date' },
  { column: 'expiry', label: 'Expires', kind: 'date' },
];

async function copyCode(code: string) {
  try {
    await navigator.clipboard.writeText(code);
    toast.success(TEXT.copied);
  } catch {
    toast.error(TEXT.copyFailed);
  }
}

/** The code in a monospace font with a copy button named after it. */
export function CouponCode({ code }: { code: string }) {
  return (
    <span className="d-inline-flex align-items-center gap-1">
      <code className="fs-6 text-dark">{code}</code>
      <Button
        size="sm"
        variant="link"
        className="p-1 text-brand"
        onClick={() => copyCode(code)}
        aria-label={`Copy code ${code}`}
      >
        <FiCopy aria-hidden="true" />
      </Button>
    </span>
  );
}

/** Active or Inactive as stored, plus Blocked and Referral when they apply. */
export function CouponBadges({ coupon }: { coupon: CouponDto }) {
  return (
    <span className="d-inline-flex flex-wrap gap-1">
      <Badge bg={coupon.status ? 'success' : 'secondary'}>{coupon.status ? 'Active' : 'Inactive'}</Badge>
      {coupon.isExist ? null : <Badge bg="danger">Blocked</Badge>}
      {coupon.isReferral ? (
        <Badge bg="info" text="dark">
          Referral
        </Badge>
      ) : null}
    </span>
  );
}

function uses(coupon: CouponDto) {
  return coupon.usedCount === undefined ? `${coupon.limit}` : `${coupon.usedCount} / ${coupon.limit}`;
}

interface CouponsTableProps {
  coupons: CouponDto[];
  onAction: (action: RowAction<CouponDto>) => void;
  view: Pick<ReturnType<typeof useListView<CouponSort>>, 'sort' | 'dir' | 'sortBy'>;
}

/** The coupons list: a table on wide screens, one card per coupon on phones. */
export function CouponsTable({ coupons, onAction, view }: CouponsTableProps) {
  const sortable = sortableBy(view);
  return (
    <>
      <div className="d-none d-md-block">
        <Table hover responsive className="align-middle mb-0">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <SortHeader column="code" label="Code" {...sortable} />
              <SortHeader column="discount" label="Discount" {...sortable} />
              <th scope="col">Min / max</th>
              <SortHeader column="uses" label="Uses" {...sortable} />
              <SortHeader column="activation" label="Starts" {...sortable} />
              <SortHeader column="expiry" label="Expires" {...sortable} />
              <SortHeader column="createdAt" label="Added" {...sortable} />
              <th scope="col">Status</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {coupons.map((coupon) => (
              <tr key={coupon._id}>
                <td>
                  <span className="fw-semibold">{coupon.name}</span>
                  <div className="small text-muted text-break">{coupon.description}</div>
                </td>
                <td>
                  <CouponCode code={coupon.code} />
                </td>
                <td>{coupon.discount}%</td>
                <td className="text-nowrap small">
                  {rupees(coupon.minAmount)} / {rupees(coupon.maxAmount)}
                </td>
                <td>{uses(coupon)}</td>
                <td className="text-nowrap small">{orderDate(coupon.activation)}</td>
                <td className="text-nowrap small">{orderDate(coupon.expiry)}</td>
                <td className="text-nowrap small">{orderDate(coupon.createdAt)}</td>
                <td>
                  <CouponBadges coupon={coupon} />
                </td>
                <td>
                  <RowActions item={coupon} editTo={`/admin/coupons/edit/${coupon._id}`} onAction={onAction} />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
      <ul className="list-unstyled d-md-none mb-0 d-grid gap-3" aria-label="Coupons">
        {coupons.map((coupon) => (
          <li key={coupon._id}>
            <Card className="shadow-sm">
              <Card.Body>
                <div className="d-flex justify-content-between align-items-start gap-2">
                  <h3 className="h6 mb-1 text-break">{coupon.name}</h3>
                  <CouponBadges coupon={coupon} />
                </div>
                <CouponCode code={coupon.code} />
                <p className="small mb-1 text-break">{coupon.description}</p>
                <p className="small text-muted mb-2">
                  {coupon.discount}% off up to {rupees(coupon.maxAmount)} above {rupees(coupon.minAmount)} · uses{' '}
                  {uses(coupon)}
                  <br />
                  {orderDate(coupon.activation)} to {orderDate(coupon.expiry)}
                </p>
                <RowActions item={coupon} editTo={`/admin/coupons/edit/${coupon._id}`} onAction={onAction} />
              </Card.Body>
            </Card>
          </li>
        ))}
      </ul>
    </>
  );
}
