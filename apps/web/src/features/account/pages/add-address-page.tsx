import { PlaceholderPage } from '../../placeholder/placeholder-page.tsx';

export function AddAddressPage() {
  return <PlaceholderPage title="Add address" />;
}
