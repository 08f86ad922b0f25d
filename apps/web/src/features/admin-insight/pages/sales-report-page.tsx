import { PlaceholderPage } from '../../placeholder/placeholder-page.tsx';

export function SalesReportPage() {
  return <PlaceholderPage title="Sales Report" />;
}
