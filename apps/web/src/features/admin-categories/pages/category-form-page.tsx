import { PlaceholderPage } from '../../placeholder/placeholder-page.tsx';

export function CategoryFormPage() {
  return <PlaceholderPage title="Category" />;
}
