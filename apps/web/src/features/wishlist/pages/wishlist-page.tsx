import { PlaceholderPage } from '../../placeholder/placeholder-page.tsx';

export function WishlistPage() {
  return <PlaceholderPage title="Wishlist" />;
}
