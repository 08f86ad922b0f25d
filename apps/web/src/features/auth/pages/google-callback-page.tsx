import { PlaceholderPage } from '../../placeholder/placeholder-page.tsx';

export function GoogleCallbackPage() {
  return <PlaceholderPage title="Signing you in" />;
}
