import { PlaceholderPage } from '../placeholder/placeholder-page.tsx';

export function AboutPage() {
  return <PlaceholderPage title="About us" />;
}
