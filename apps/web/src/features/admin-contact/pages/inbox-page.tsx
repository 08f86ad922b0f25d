import { PlaceholderPage } from '../../placeholder/placeholder-page.tsx';

export function ContactInboxPage() {
  return <PlaceholderPage title="Messages" />;
}
