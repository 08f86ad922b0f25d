import { PlaceholderPage } from '../../placeholder/placeholder-page.tsx';

export function ForgotPasswordPage() {
  return <PlaceholderPage title="Forgot password" />;
}
