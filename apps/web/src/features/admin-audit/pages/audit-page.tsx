import { PlaceholderPage } from '../../placeholder/placeholder-page.tsx';

export function AuditPage() {
  return <PlaceholderPage title="Audit Log" />;
}
