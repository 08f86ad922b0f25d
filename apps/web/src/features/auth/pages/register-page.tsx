import { PlaceholderPage } from '../../placeholder/placeholder-page.tsx';

export function RegisterPage() {
  return <PlaceholderPage title="Create your account" />;
}
