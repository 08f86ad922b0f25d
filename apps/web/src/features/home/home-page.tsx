import { PlaceholderPage } from '../placeholder/placeholder-page.tsx';

export function HomePage() {
  return <PlaceholderPage title="Bag Shop" />;
}
