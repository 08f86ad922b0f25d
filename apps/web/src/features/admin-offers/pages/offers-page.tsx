import { PlaceholderPage } from '../../placeholder/placeholder-page.tsx';

export function AdminOffersPage() {
  return <PlaceholderPage title="Offers" />;
}
