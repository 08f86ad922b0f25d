import { Alert } from 'react-bootstrap';
import { Link } from 'react-router';

/** A code screen opened without ?email=: there is nothing to verify, so send the shopper back a step. */
export function MissingEmail({ backTo, backLabel }: { backTo: string; backLabel: string }) {
  return (
    <Alert variant="warning" className="mb-0">
      This link is missing the email address. <Link to={backTo}>{backLabel}</Link>
    </Alert>
  );
}
