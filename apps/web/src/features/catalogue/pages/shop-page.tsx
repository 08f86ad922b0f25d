import { PlaceholderPage } from '../../placeholder/placeholder-page.tsx';

export function ShopPage() {
  return <PlaceholderPage title="Shop" />;
}
