import type { ReactNode } from 'react';
import { Card, Container } from 'react-bootstrap';
import { FiArrowLeft } from 'react-icons/fi';
import { Link } from 'react-router';

/** The card around the add and edit address forms. */
export function AddressPageFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container className="py-4 address-form-page">
      <Link to="/account" className="d-inline-flex align-items-center gap-1 mb-3 small">
        <FiArrowLeft aria-hidden="true" /> My account
      </Link>
      <Card className="shadow-sm border-0">
        <Card.Body className="p-3 p-sm-4">
          <h1 className="h4 mb-3">{title}</h1>
          {children}
        </Card.Body>
      </Card>
    </Container>
  );
}
