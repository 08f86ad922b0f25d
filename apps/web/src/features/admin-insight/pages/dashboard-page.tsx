import { PlaceholderPage } from '../../placeholder/placeholder-page.tsx';

export function DashboardPage() {
  return <PlaceholderPage title="Dashboard" />;
}
