import { PlaceholderPage } from '../../placeholder/placeholder-page.tsx';

export function AdminProductsPage() {
  return <PlaceholderPage title="Products" />;
}
