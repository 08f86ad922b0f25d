import { REFERRAL_MSG } from '@bagshop/shared/wallet-messages';
import { Button, Card, Col, Container, Form, InputGroup, ListGroup, Row, Spinner } from 'react-bootstrap';
import { FiCopy, FiGift, FiUsers } from 'react-icons/fi';
import { toast } from 'react-toastify';
import { errorMessage } from '../../../api/errors.ts';
import { LoadFailed, LoadingState } from '../../../components/load-states.tsx';
import { rupees } from '../../../components/price.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { useReferralCodeMutation, useReferralsQuery } from '../api.ts';
import { REFERRAL_SCREEN_TEXT as TEXT } from '../referral-messages.ts';
import { copyText, shareLink } from '../share-link.ts';

async function copy(text: string) {
  if (await copyText(text)) toast.success(REFERRAL_MSG.copied);
  else toast.error(REFERRAL_MSG.copyFailed);
}

/** docs/product.md §2 Referral details: the shopper's code, what it earned and who joined with it. */
export function ReferralsPage() {
  usePageTitle('Referrals');
  const { data, isLoading, isFetching, error, refetch } = useReferralsQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const [generate, { isLoading: generating }] = useReferralCodeMutation();

  async function getCode() {
    try {
      await generate().unwrap();
    } catch (failure) {
      toast.error(errorMessage(failure, REFERRAL_MSG.generateFailed));
    }
  }

  if (isLoading) {
    return <LoadingState quiet text="Loading referrals" />;
  }
  if (error || !data) {
    return (
      <Container className="my-4" style={{ maxWidth: 720 }}>
        <LoadFailed message={REFERRAL_MSG.loadFailed} onRetry={() => refetch()} retrying={isFetching} />
      </Container>
    );
  }

  const { referralCode, amountEarned, referredUsers } = data.referrals;
  return (
    // A container: its padding takes in the row's gutters, so a 375 px screen does not scroll sideways.
    <Container className="py-4 referrals-page" style={{ maxWidth: 720 }}>
      <h1 className="h3 mb-3">Referrals</h1>
      <Row className="g-3 mb-4">
        <Col md={7}>
          <Card className="shadow-sm border-0 h-100">
            <Card.Body>
              <h2 className="h6 text-muted text-uppercase">
                <FiGift aria-hidden="true" className="me-1" />
                Your referral code
              </h2>
              {referralCode ? (
                <>
                  <div className="d-flex align-items-center gap-2 flex-wrap">
                    <span className="fs-4 fw-bold font-monospace text-brand" data-testid="referral-code">
                      {referralCode}
                    </span>
                    <Button
                      size="sm"
                      variant="outline-brand"
                      onClick={() => copy(referralCode)}
                      aria-label="Copy referral code"
                    >
                      <FiCopy aria-hidden="true" className="me-1" />
                      Copy
                    </Button>
                  </div>
                  <Form.Label htmlFor="referral-link" className="small text-muted mt-3 mb-1">
                    Share link
                  </Form.Label>
                  <InputGroup size="sm">
                    <Form.Control id="referral-link" readOnly value={shareLink(referralCode)} />
                    <Button
                      variant="outline-brand"
                      onClick={() => copy(shareLink(referralCode))}
                      aria-label="Copy share link"
                    >
                      <FiCopy aria-hidden="true" />
                    </Button>
                  </InputGroup>
                  <p className="small text-muted mt-2 mb-0">
                    Friends who register with your code and verify their email earn you a bonus in your wallet.
                  </p>
                </>
              ) : (
                <Button variant="brand" onClick={getCode} disabled={generating}>
                  {generating ? <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" /> : null}
                  {generating ? TEXT.generating : 'Get Referral Code'}
                </Button>
              )}
            </Card.Body>
          </Card>
        </Col>
        <Col md={5}>
          <Card className="shadow-sm border-0 h-100">
            <Card.Body>
              <h2 className="h6 text-muted text-uppercase">Amount earned</h2>
              <p className="fs-3 fw-semibold text-success mb-0" data-testid="amount-earned">
                {rupees(amountEarned)}
              </p>
            </Card.Body>
          </Card>
        </Col>
      </Row>
      <Card className="shadow-sm border-0">
        <Card.Body>
          <h2 className="h5 mb-3">
            <FiUsers aria-hidden="true" className="me-2" />
            Referred users
          </h2>
          {referredUsers.length === 0 ? (
            <p className="text-muted mb-0">{TEXT.noReferredUsers}</p>
          ) : (
            <ListGroup as="ul" variant="flush" aria-label="Referred users">
              {referredUsers.map((u) => (
                <ListGroup.Item as="li" key={u.email} className="px-0">
                  <span className="fw-semibold d-block text-break">{u.name}</span>
                  <span className="small text-muted text-break">{u.email}</span>
                </ListGroup.Item>
              ))}
            </ListGroup>
          )}
        </Card.Body>
      </Card>
    </Container>
  );
}
