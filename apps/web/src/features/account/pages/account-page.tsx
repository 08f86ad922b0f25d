import { PlaceholderPage } from '../../placeholder/placeholder-page.tsx';

export function AccountPage() {
  return <PlaceholderPage title="My account" />;
}
