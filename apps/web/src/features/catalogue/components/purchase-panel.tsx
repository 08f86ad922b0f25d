import { MAX_UNITS_PER_LINE } from '@bagshop/shared/catalogue';
import { CATALOGUE_MSG } from '@bagshop/shared/catalogue-messages';
import type { ProductDetailDto } from '@bagshop/shared/catalogue-types';
import { MSG } from '@bagshop/shared/messages';
import { useEffect, useState } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import { FiHeart, FiShoppingBag } from 'react-icons/fi';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { useAddToCartMutation } from '../../../api/cart-api.ts';
import { errorMessage } from '../../../api/errors.ts';
import { useToggleWishlistMutation, useWishlistQuery } from '../../../api/wishlist-api.ts';
import { maxUnits } from '../../../components/quantity-rules.ts';
import { QuantityStepper } from '../../../components/quantity-stepper.tsx';
import { useIsSignedIn } from '../../../session/session-hooks.ts';
import { PENDING_CART_KEY } from '../../../session/storage-keys.ts';

/** The visitor's add to cart for this product, if one is waiting; it is taken once. */
function takePendingCart(productId: string): { qty: number } | null {
  try {
    const pending = JSON.parse(sessionStorage.getItem(PENDING_CART_KEY) ?? 'null') as {
      productId?: unknown;
      qty?: unknown;
    } | null;
    if (pending?.productId !== productId) return null;
    sessionStorage.removeItem(PENDING_CART_KEY);
    const qty = Number(pending.qty);
    return Number.isInteger(qty) && qty >= 1 && qty <= MAX_UNITS_PER_LINE ? { qty } : { qty: 1 };
  } catch {
    sessionStorage.removeItem(PENDING_CART_KEY);
    return null;
  }
}

/** Quantity, Add to cart and the wishlist heart; visitors are sent to sign in and brought back. */
export function PurchasePanel({ product }: { product: ProductDetailDto }) {
  const signedIn = useIsSignedIn();
  const navigate = useNavigate();
  const location = useLocation();
  const [qty, setQty] = useState(1);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another product starts again at one unit
  useEffect(() => setQty(1), [product._id]);

  const { data: wishlistData } = useWishlistQuery(undefined, { skip: !signedIn });
  const inWishlist = Boolean(wishlistData?.wishlist.some((entry) => entry.productId._id === product._id));
  const [addToCart, adding] = useAddToCartMutation();
  const [toggleWishlist, toggling] = useToggleWishlistMutation();

  const purchasable = product.available && product.quantity > 0;
  const shownQty = Math.min(qty, maxUnits(product.quantity));
  // Once the stepper stops, say why: the stock when it is the lower limit, else the 5-unit cap.
  const capNote =
    purchasable && shownQty >= maxUnits(product.quantity)
      ? product.quantity < MAX_UNITS_PER_LINE
        ? CATALOGUE_MSG.onlyInStock(product.quantity)
        : CATALOGUE_MSG.maxFivePerLine
      : '';
  const signIn = () => navigate('/login', { state: { from: location } });

  const put = async (units: number) => {
    try {
      const answer = await addToCart({ productId: product._id, qty: units }).unwrap();
      toast.success(answer.message || CATALOGUE_MSG.addedToCart);
    } catch (err) {
      toast.error(errorMessage(err, MSG.actionFailed));
    }
  };

  const add = async () => {
    if (!signedIn) {
      // The intent survives the sign-in: back on this page, the bag goes into the cart.
      sessionStorage.setItem(PENDING_CART_KEY, JSON.stringify({ productId: product._id, qty: shownQty }));
      return signIn();
    }
    await put(qty);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the shopper is back signed in on this product
  useEffect(() => {
    if (!signedIn) return;
    const pending = takePendingCart(product._id);
    if (pending) void put(pending.qty);
  }, [signedIn, product._id]);

  const toggle = async () => {
    if (!signedIn) return signIn();
    try {
      const answer = await toggleWishlist({ productId: product._id, color: product.color }).unwrap();
      toast.success(
        answer.message || (answer.added ? CATALOGUE_MSG.addedToWishlist : CATALOGUE_MSG.removedFromWishlist),
      );
    } catch (err) {
      toast.error(errorMessage(err, inWishlist ? CATALOGUE_MSG.wishlistRemoveFailed : MSG.actionFailed));
    }
  };

  return (
    <div className="purchase-panel">
      {purchasable && (
        <div className="mb-3">
          <div className="d-flex align-items-center gap-3">
            <label htmlFor="details-qty" className="form-label mb-0">
              Quantity
            </label>
            <QuantityStepper id="details-qty" value={shownQty} stock={product.quantity} onChange={setQty} />
          </div>
          <p className="small text-muted mt-1 mb-0" aria-live="polite" data-testid="quantity-limit">
            {capNote}
          </p>
        </div>
      )}
      <div className="d-flex flex-wrap gap-2">
        <Button
          variant="brand"
          size="lg"
          className="flex-grow-1"
          onClick={add}
          disabled={!purchasable || adding.isLoading}
        >
          {adding.isLoading ? (
            <Spinner size="sm" className="me-2" aria-hidden="true" />
          ) : (
            <FiShoppingBag className="me-2" aria-hidden="true" />
          )}
          Add to cart
        </Button>
        <Button
          variant="outline-brand"
          size="lg"
          className={inWishlist ? 'wishlist-toggle is-on' : 'wishlist-toggle'}
          onClick={toggle}
          aria-pressed={inWishlist}
          aria-label="Wishlist"
          title={inWishlist ? 'Remove from wishlist' : 'Add to wishlist'}
          disabled={toggling.isLoading || (!product.available && !inWishlist)}
        >
          <FiHeart aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}
