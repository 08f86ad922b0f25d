import { PlaceholderPage } from '../../placeholder/placeholder-page.tsx';

export function VerifyOtpPasswordPage() {
  return <PlaceholderPage title="Enter the reset code" />;
}
