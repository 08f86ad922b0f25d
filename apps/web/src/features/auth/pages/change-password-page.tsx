import { PlaceholderPage } from '../../placeholder/placeholder-page.tsx';

export function ChangePasswordPage() {
  return <PlaceholderPage title="Change password" />;
}
