import { PlaceholderPage } from '../../placeholder/placeholder-page.tsx';

export function OfferFormPage() {
  return <PlaceholderPage title="ADD OFFER" />;
}
