import { Col, Container, Row } from 'react-bootstrap';
import { FaFacebookF, FaInstagram, FaTwitter, FaYoutube } from 'react-icons/fa';
import { Link, useLocation } from 'react-router';
import { POLICY_LINKS } from '../components/policy-links.ts';

const LINKS = ['About us', 'Products', 'Awards', 'Help', 'Contact'];

/** docs/product.md §2 footer: placeholder links, mission, social icons, copyright 2025. */
export function Footer() {
  const { pathname } = useLocation();
  if (pathname.startsWith('/admin')) return null;
  return (
    <footer className="shop-footer mt-5 pt-5 pb-4">
      <Container>
        <Row className="gy-4">
          <Col md={5}>
            <h2 className="h5 brand-mark">Bag Shop</h2>
            <p className="text-muted small mb-0">
              We make carrying your world a pleasure: honest bags, fairly priced, built to last and delivered to your
              door anywhere in India.
            </p>
          </Col>
          <Col md={4}>
            <nav aria-label="Footer">
              <ul className="list-unstyled d-flex flex-wrap gap-3 mb-0">
                {LINKS.map((label) => (
                  <li key={label}>
                    <Link to="/" className="footer-link">
                      {label}
                    </Link>
                  </li>
                ))}
                <li>
                  <Link to="/track" className="footer-link">
                    Track your order
                  </Link>
                </li>
              </ul>
              <ul className="list-unstyled d-flex flex-wrap gap-3 mt-3 mb-0 small" aria-label="Policies">
                {POLICY_LINKS.map((link) => (
                  <li key={link.path}>
                    <Link to={link.path} className="footer-link">
                      {link.title}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          </Col>
          <Col md={3}>
            <div className="d-flex gap-3 fs-5">
              <Link to="/" aria-label="Facebook" className="footer-link">
                <FaFacebookF aria-hidden="true" />
              </Link>
              <Link to="/" aria-label="Instagram" className="footer-link">
                <FaInstagram aria-hidden="true" />
              </Link>
              <Link to="/" aria-label="Twitter" className="footer-link">
                <FaTwitter aria-hidden="true" />
              </Link>
              <Link to="/" aria-label="YouTube" className="footer-link">
                <FaYoutube aria-hidden="true" />
              </Link>
            </div>
          </Col>
        </Row>
        <hr />
        <p className="text-center text-muted small mb-0">© 2025 Bag Shop. All rights reserved.</p>
      </Container>
    </footer>
  );
}
