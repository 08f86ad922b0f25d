import { PlaceholderPage } from '../../placeholder/placeholder-page.tsx';

export function EditAddressPage() {
  return <PlaceholderPage title="Edit address" />;
}
