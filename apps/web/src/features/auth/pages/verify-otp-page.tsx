import { PlaceholderPage } from '../../placeholder/placeholder-page.tsx';

export function VerifyOtpPage() {
  return <PlaceholderPage title="Verify your email" />;
}
