import { PlaceholderPage } from '../placeholder/placeholder-page.tsx';

export function ContactPage() {
  return <PlaceholderPage title="Contact us" />;
}
