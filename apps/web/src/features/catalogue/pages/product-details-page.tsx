import { PlaceholderPage } from '../../placeholder/placeholder-page.tsx';

export function ProductDetailsPage() {
  return <PlaceholderPage title="Product details" />;
}
