import { formatINR, toPaise } from '@bagshop/shared/pricing/money';

/** Rupees as the shop shows them (en-IN grouping, ₹ sign, two decimals). */
export const rupees = (amount: number) => formatINR(toPaise(amount));

interface PriceProps {
  /** Unit price before offers, in rupees. */
  price: number;
  /** Price after offer, in rupees; the original is struck through beside it when lower. */
  final?: number;
  className?: string;
  size?: 'sm' | 'lg';
}

/** A price; when discounted, the price after offer with the original struck through beside it. */
export function Price({ price, final = price, className, size }: PriceProps) {
  const discounted = final < price;
  const classes = ['price', size ? `price-${size}` : null, className].filter(Boolean).join(' ');
  return (
    <span className={classes}>
      {discounted && <span className="visually-hidden">Price after offer </span>}
      <span className="price-final">{rupees(final)}</span>
      {discounted && (
        <>
          {' '}
          <span className="visually-hidden">, original price </span>
          <del className="price-original" data-testid="price-original">
            {rupees(price)}
          </del>
        </>
      )}
    </span>
  );
}
