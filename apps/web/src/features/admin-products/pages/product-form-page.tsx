import { PlaceholderPage } from '../../placeholder/placeholder-page.tsx';

export function ProductFormPage() {
  return <PlaceholderPage title="Product" />;
}
