import { PlaceholderPage } from '../../placeholder/placeholder-page.tsx';

export function AdminUsersPage() {
  return <PlaceholderPage title="Users" />;
}
