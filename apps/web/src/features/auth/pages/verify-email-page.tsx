import { PlaceholderPage } from '../../placeholder/placeholder-page.tsx';

export function VerifyEmailPage() {
  return <PlaceholderPage title="Verify email" />;
}
