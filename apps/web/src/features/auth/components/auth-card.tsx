import type { ReactNode } from 'react';
import { Card, Container } from 'react-bootstrap';

interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** The centred card every sign-in, registration and code screen sits in. */
export function AuthCard({ title, subtitle, children, footer }: AuthCardProps) {
  return (
    <Container className="px-3">
      <Card className="auth-card shadow-sm border-0">
        <Card.Body className="p-4 p-sm-5">
          <h1 className="h3 mb-1 text-center">{title}</h1>
          {subtitle ? <p className="text-muted text-center mb-4">{subtitle}</p> : <div className="mb-4" />}
          {children}
        </Card.Body>
        {footer ? <Card.Footer className="bg-transparent text-center py-3 small">{footer}</Card.Footer> : null}
      </Card>
    </Container>
  );
}
