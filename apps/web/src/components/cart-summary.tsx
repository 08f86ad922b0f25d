import type { CartDto } from '@bagshop/shared/catalogue-types';
import { GST_TEXT } from '@bagshop/shared/gst/gst-texts';
import { FREE_SHIPPING_FROM_PAISE } from '@bagshop/shared/pricing/cart';
import { addPaise, formatINR, subtractPaise, toPaise, ZERO_PAISE } from '@bagshop/shared/pricing/money';

/** The server's summary (computed by the shared pricing module), shown in rupees. */
export function CartSummaryList({ summary }: { summary: CartDto['summary'] }) {
  const paise = {
    totalPrice: toPaise(summary.totalPrice),
    discount: toPaise(summary.discount),
    tax: toPaise(summary.tax),
    shipping: toPaise(summary.shipping),
    couponDiscount: toPaise(summary.couponDiscount),
    final: toPaise(summary.final),
  };
  // Free shipping counts the tax only where it is added (docs/product.md §10.3).
  const added = summary.pricesIncludeGst ? ZERO_PAISE : paise.tax;
  const towardsFree = addPaise(subtractPaise(paise.totalPrice, paise.discount), added);
  const short = subtractPaise(FREE_SHIPPING_FROM_PAISE, towardsFree);
  return (
    <>
      <dl className="summary-list">
        <dt>Total price</dt>
        <dd>{formatINR(paise.totalPrice)}</dd>
        <dt>Discount</dt>
        <dd className={paise.discount > 0 ? 'text-success' : undefined}>
          {paise.discount > 0 ? `− ${formatINR(paise.discount)}` : formatINR(ZERO_PAISE)}
        </dd>
        {paise.couponDiscount > 0 && (
          <>
            <dt>Coupon discount</dt>
            <dd className="text-success">− {formatINR(paise.couponDiscount)}</dd>
          </>
        )}
        <dt>{GST_TEXT.summaryLine(summary.pricesIncludeGst)}</dt>
        <dd>{formatINR(paise.tax)}</dd>
        <dt>Shipping</dt>
        <dd>{paise.shipping === 0 ? <span className="text-success">Free</span> : formatINR(paise.shipping)}</dd>
        <dt className="summary-final">Final total</dt>
        <dd className="summary-final">{formatINR(paise.final)}</dd>
      </dl>
      {paise.shipping > 0 && short > 0 && (
        <p className="small text-muted mb-0">Add {formatINR(short)} more for free shipping.</p>
      )}
    </>
  );
}
