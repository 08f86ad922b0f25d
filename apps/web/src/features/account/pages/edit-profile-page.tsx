import { PlaceholderPage } from '../../placeholder/placeholder-page.tsx';

export function EditProfilePage() {
  return <PlaceholderPage title="Edit profile" />;
}
