import { PlaceholderPage } from '../../placeholder/placeholder-page.tsx';

export function AdminCategoriesPage() {
  return <PlaceholderPage title="Categories" />;
}
