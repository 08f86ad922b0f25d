import { PlaceholderPage } from '../../placeholder/placeholder-page.tsx';

export function LoginPage() {
  return <PlaceholderPage title="Sign in" />;
}
