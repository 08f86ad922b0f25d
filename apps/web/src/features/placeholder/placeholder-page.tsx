import { Container } from 'react-bootstrap';
import { usePageTitle } from '../../components/use-page-title.ts';

/** A screen whose feature is not built yet: its heading, and a note that it is on its way. */
export function PlaceholderPage({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <Container className="py-5">
      <h1 className="h3">{title}</h1>
      <p className="text-muted">This part of the shop is opening soon.</p>
    </Container>
  );
}
