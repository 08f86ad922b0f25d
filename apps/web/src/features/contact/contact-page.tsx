import type { ReactNode } from 'react';
import { Card, Col, Container, Row } from 'react-bootstrap';
import { FiClock, FiMail, FiMapPin, FiPhone } from 'react-icons/fi';
import { usePageTitle } from '../../components/use-page-title.ts';
import { ContactForm } from './contact-form.tsx';

export const STORE_CONTACT = {
  email: 'hello@bagshop.in',
  phone: '+91 80 4718 2260',
  phoneHref: 'tel:+918047182260',
  address: ['Bag Shop, 2nd Floor, 14 Church Street', 'Shanthala Nagar, Bengaluru', 'Karnataka 560001, India'],
  hours: 'Monday to Saturday, 10 am to 7 pm',
};

function InfoRow({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="d-flex gap-3 mb-4">
      <span className="contact-icon" aria-hidden="true">
        {icon}
      </span>
      <div>
        <h2 className="h6 mb-1">{title}</h2>
        <div className="text-muted small">{children}</div>
      </div>
    </div>
  );
}

export function ContactPage() {
  usePageTitle('Contact us');
  return (
    <Container className="py-4 py-md-5">
      <header className="mb-4 text-center text-md-start">
        <h1 className="h2">Contact us</h1>
        <p className="text-muted mb-0">
          A question about a bag, an order or a return? Write to us and a real person replies within one working day.
        </p>
      </header>
      <Row className="g-4">
        <Col md={5} lg={4}>
          <Card className="border-0 shadow-sm h-100 contact-info">
            <Card.Body className="p-4">
              <InfoRow icon={<FiMail />} title="Email">
                <a href={`mailto:${STORE_CONTACT.email}`}>{STORE_CONTACT.email}</a>
              </InfoRow>
              <InfoRow icon={<FiPhone />} title="Phone">
                <a href={STORE_CONTACT.phoneHref}>{STORE_CONTACT.phone}</a>
              </InfoRow>
              <InfoRow icon={<FiMapPin />} title="Visit our studio">
                <address className="mb-0">
                  {STORE_CONTACT.address.map((line) => (
                    <span key={line} className="d-block">
                      {line}
                    </span>
                  ))}
                </address>
              </InfoRow>
              <InfoRow icon={<FiClock />} title="Hours">
                {STORE_CONTACT.hours}
              </InfoRow>
            </Card.Body>
          </Card>
        </Col>
        <Col md={7} lg={8}>
          <Card className="border-0 shadow-sm">
            <Card.Body className="p-4">
              <h2 id="contact-form-title" className="h5 mb-3">
                Send us a message
              </h2>
              <ContactForm labelledBy="contact-form-title" />
            </Card.Body>
          </Card>
        </Col>
      </Row>
    </Container>
  );
}
