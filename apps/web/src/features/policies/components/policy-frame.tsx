import type { ShopDetails } from '@bagshop/shared/shop-settings';
import type { ReactNode } from 'react';
import { Card, Container } from 'react-bootstrap';
import { Link } from 'react-router';
import { LoadFailed, LoadingState } from '../../../components/load-states.tsx';
import { POLICIES_UPDATED, POLICY_LINKS, POLICY_TEXT } from '../../../components/policy-links.ts';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { useShopDetailsQuery } from '../api.ts';

interface PolicyFrameProps {
  title: string;
  /** The page's text, written with the seller and the settings this shop runs with. */
  children: (details: ShopDetails) => ReactNode;
}

/** Who sells, and how to reach them: every policy page ends with it. */
function SellerCard({ details }: { details: ShopDetails }) {
  const { seller } = details;
  return (
    <Card className="border-0 shadow-sm mt-4">
      <Card.Body>
        <h2 className="h5">Who we are and how to reach us</h2>
        <p className="mb-1">
          This shop is run by <strong>{seller.name}</strong>, {seller.address} (GSTIN {seller.gstin}).
        </p>
        <p className="mb-1">
          Email <a href={`mailto:${seller.email}`}>{seller.email}</a> · Phone{' '}
          <a href={`tel:${seller.phone.replace(/[^+\d]/g, '')}`}>{seller.phone}</a> · or write to us from the{' '}
          <Link to="/contact">Contact</Link> page.
        </p>
        <p className="small text-muted mb-0">
          We answer within one working day (Monday to Saturday, 10 am to 7 pm). Our grievance officer can be reached at
          the same email address and acknowledges a complaint within 48 hours.
        </p>
      </Card.Body>
    </Card>
  );
}

/** A policy page: its title, when it last changed, its text, the seller and links to the other policies. */
export function PolicyFrame({ title, children }: PolicyFrameProps) {
  usePageTitle(title);
  const details = useShopDetailsQuery();
  return (
    <Container className="py-4 py-md-5 policy-page">
      <article aria-labelledby="policy-title">
        <header className="mb-4">
          <h1 id="policy-title" className="h2">
            {title}
          </h1>
          <p className="text-muted small mb-0">Last updated {POLICIES_UPDATED}</p>
        </header>
        {details.data ? (
          <>
            <div className="policy-text">{children(details.data)}</div>
            <SellerCard details={details.data} />
          </>
        ) : details.isError ? (
          <LoadFailed message={POLICY_TEXT.loadFailed} onRetry={details.refetch} retrying={details.isFetching} />
        ) : (
          <LoadingState text={POLICY_TEXT.loading} />
        )}
      </article>
      <nav aria-label="Other policies" className="mt-4">
        <ul className="list-unstyled d-flex flex-wrap gap-3 mb-0 small">
          {POLICY_LINKS.filter((link) => link.title !== title).map((link) => (
            <li key={link.path}>
              <Link to={link.path}>{link.title}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </Container>
  );
}
