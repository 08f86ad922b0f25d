import { MSG } from '@bagshop/shared/messages';
import { Badge, Card, Col, Container, Row } from 'react-bootstrap';
import { FiEdit2, FiGift, FiLock, FiMail, FiPhone } from 'react-icons/fi';
import { Link } from 'react-router';
import { useAccountQuery } from '../../../api/account-api.ts';
import { errorMessage } from '../../../api/errors.ts';
import { EmailText } from '../../../components/email-text.tsx';
import { LoadFailed, LoadingState } from '../../../components/load-states.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { AddressCards } from '../components/address-cards.tsx';
import { ProfilePictures } from '../components/profile-pictures.tsx';

export function AccountPage() {
  usePageTitle('My account');
  const { data, isLoading, error, refetch, isFetching } = useAccountQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });

  if (isLoading) {
    return <LoadingState page text="Loading your account…" />;
  }

  if (error || !data) {
    return (
      <LoadFailed
        page
        message={errorMessage(error, MSG.accountLoadFailed)}
        onRetry={() => refetch()}
        retrying={isFetching}
      />
    );
  }

  const { user } = data;
  return (
    <Container className="py-4">
      <h1 className="h3 mb-4">My account</h1>
      <Row className="g-4">
        <Col lg={4}>
          <Card className="shadow-sm border-0">
            <Card.Body className="p-4">
              <ProfilePictures user={user} />
              <hr />
              <h2 className="h5 mb-3 text-center text-break">{user.name}</h2>
              <dl className="account-details mb-3">
                <dt>
                  <FiMail aria-hidden="true" /> <span className="visually-hidden">Email</span>
                </dt>
                <dd>
                  <EmailText email={user.email} />
                  {user.emailVerified ? null : (
                    <span className="d-block mt-1">
                      <Badge bg="warning" text="dark" className="me-2">
                        Email not verified
                      </Badge>
                      <Link to="/verify-email" className="small">
                        Verify now
                      </Link>
                    </span>
                  )}
                </dd>
                <dt>
                  <FiPhone aria-hidden="true" /> <span className="visually-hidden">Phone</span>
                </dt>
                <dd>{user.phone || <span className="text-muted">Not added</span>}</dd>
              </dl>
              <div className="d-grid gap-2">
                <Link to="/account/edit" className="btn btn-brand">
                  <FiEdit2 aria-hidden="true" className="me-2" />
                  Edit profile
                </Link>
                <Link to="/change-password" className="btn btn-outline-brand">
                  <FiLock aria-hidden="true" className="me-2" />
                  Change Password
                </Link>
                <Link to={`/account/referrals/${user._id}`} className="btn btn-outline-brand">
                  <FiGift aria-hidden="true" className="me-2" />
                  Referrals
                </Link>
              </div>
            </Card.Body>
          </Card>
        </Col>
        <Col lg={8}>
          <section aria-labelledby="addresses-title">
            <h2 id="addresses-title" className="h5 mb-3">
              My addresses
            </h2>
            <AddressCards addresses={user.address} />
          </section>
        </Col>
      </Row>
    </Container>
  );
}
