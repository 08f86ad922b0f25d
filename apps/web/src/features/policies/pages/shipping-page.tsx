import { COD_LIMIT_PAISE, RETURN_WINDOW_DAYS } from '@bagshop/shared/orders';
import { FREE_SHIPPING_FROM_PAISE, SHIPPING_PAISE, TAX_PERCENT } from '@bagshop/shared/pricing/cart';
import { formatINR } from '@bagshop/shared/pricing/money';
import { Link } from 'react-router';
import { PolicyFrame } from '../components/policy-frame.tsx';

/** docs/product.md §2.9: what delivery costs and takes, as the cart and checkout compute it (§10.3, §11). */
export function ShippingPolicyPage() {
  return (
    <PolicyFrame title="Shipping and delivery">
      {({ seller, paymentWindowMinutes }) => (
        <>
          <h2 className="h5">Where we deliver</h2>
          <p>
            We deliver to every state and union territory of India, to any address with a 6-digit PIN code. Every bag is
            packed by hand and sent from {seller.address}.
          </p>

          <h2 className="h5">What delivery costs</h2>
          <ul>
            <li>
              Delivery is free when your items, after offers and with {TAX_PERCENT} % GST, come to{' '}
              {formatINR(FREE_SHIPPING_FROM_PAISE)} or more. Below that, delivery costs {formatINR(SHIPPING_PAISE)} per
              order.
            </li>
            <li>
              GST of {TAX_PERCENT} % of the listed price of your items is added at checkout; the cart shows the total
              price, offer discount, coupon discount, tax, delivery and the final amount before you pay. There are no
              other charges.
            </li>
            <li>
              Every paid or cash-on-delivery order has a GST invoice, which you can download from its order details
              page.
            </li>
          </ul>

          <h2 className="h5">When it arrives</h2>
          <ul>
            <li>We pack and hand your order to our courier within 1 to 2 working days of it being placed.</li>
            <li>
              Delivery then usually takes 2 to 4 working days to metro cities and 4 to 7 working days elsewhere; remote
              areas, such as parts of the North East, Ladakh and the islands, can take up to 10 working days.
            </li>
            <li>
              Each bag in your order has its own status — Pending, Shipped, Delivered — on{' '}
              <Link to="/mine">My Orders</Link>, and the page updates by itself when we ship or deliver.
            </li>
          </ul>

          <h2 className="h5">Paying for your order</h2>
          <ul>
            <li>
              <strong>Card, UPI, net banking or wallets through Razorpay</strong> (when the shop takes card payments).
              Your order holds its bags for {paymentWindowMinutes} minutes while you pay; if the payment does not reach
              us in that time, the order is cancelled and the bags go back on sale. A payment that arrives after that is
              refunded to the card or account it came from. You may have up to 3 unpaid card orders at a time.
            </li>
            <li>
              <strong>Your Bag Shop wallet</strong>, when its balance covers the whole order.
            </li>
            <li>
              <strong>Cash on delivery</strong> for orders of up to {formatINR(COD_LIMIT_PAISE)}: pay the courier in
              cash when your parcel arrives.
            </li>
          </ul>

          <h2 className="h5">If something goes wrong</h2>
          <p>
            If your parcel arrives damaged or a bag is not what you ordered, you can ask to return it within{' '}
            {RETURN_WINDOW_DAYS} days of delivery from its order details page; see{' '}
            <Link to="/policies/cancellations-and-refunds">Cancellations and refunds</Link>. For a delay, write to us at{' '}
            <a href={`mailto:${seller.email}`}>{seller.email}</a> with your order number (ORD-…).
          </p>
        </>
      )}
    </PolicyFrame>
  );
}
