import { PlaceholderPage } from '../../placeholder/placeholder-page.tsx';

export function CartPage() {
  return <PlaceholderPage title="Shopping Cart" />;
}
