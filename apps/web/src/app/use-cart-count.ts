import { useCartQuery } from '../api/cart-api.ts';

/** Number of cart entries for the navbar badge (docs/product.md §2); the cart is loaded only when signed in. */
export function useCartCount(signedIn: boolean): number {
  const { data } = useCartQuery(undefined, { skip: !signedIn });
  return signedIn ? (data?.carts.length ?? 0) : 0;
}
