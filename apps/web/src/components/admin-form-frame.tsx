import type { ReactNode } from 'react';
import { Card } from 'react-bootstrap';
import { FiArrowLeft } from 'react-icons/fi';
import { Link } from 'react-router';

interface AdminFormFrameProps {
  title: string;
  backTo: string;
  backLabel: string;
  children: ReactNode;
  wide?: boolean;
}

/** The card around an admin add/edit form, with the way back to its list. */
export function AdminFormFrame({ title, backTo, backLabel, children, wide = false }: AdminFormFrameProps) {
  return (
    <div className={`admin-form mx-auto${wide ? ' admin-form-wide' : ''}`}>
      <Link to={backTo} className="d-inline-flex align-items-center gap-1 mb-3 text-brand text-decoration-none">
        <FiArrowLeft aria-hidden="true" />
        {backLabel}
      </Link>
      <Card className="shadow-sm border-0">
        <Card.Body className="p-3 p-md-4">
          <h1 className="h4 mb-4 text-center">{title}</h1>
          {children}
        </Card.Body>
      </Card>
    </div>
  );
}
