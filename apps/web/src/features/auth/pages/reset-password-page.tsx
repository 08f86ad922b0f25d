import { PlaceholderPage } from '../../placeholder/placeholder-page.tsx';

export function ResetPasswordPage() {
  return <PlaceholderPage title="Reset password" />;
}
