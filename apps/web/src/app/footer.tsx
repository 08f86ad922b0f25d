import { SHOP_TIME_ZONE } from '@bagshop/shared/limits';
import { SOCIAL_NETWORK_LABELS, SOCIAL_NETWORKS, type SocialNetwork } from '@bagshop/shared/shop-settings';
import { Col, Container, Row } from 'react-bootstrap';
import type { IconType } from 'react-icons';
import { FaFacebookF, FaInstagram, FaXTwitter, FaYoutube } from 'react-icons/fa6';
import { Link, useLocation } from 'react-router';
import { useShopSettingsQuery } from '../api/shop-settings-api.ts';
import { POLICY_LINKS } from '../components/policy-links.ts';

/**
 * The footer's links lead to pages the shop has (docs/decisions/055-footer-and-titles.md): the spec's "Awards" and
 * "Help" have no page, so they are not shown; help is the contact page and the policies below.
 */
const LINKS = [
  { label: 'About us', to: '/about' },
  { label: 'Products', to: '/shop-products' },
  { label: 'Contact', to: '/contact' },
  { label: 'Track your order', to: '/track' },
] as const;

const SOCIAL_ICONS: Record<SocialNetwork, IconType> = {
  facebook: FaFacebookF,
  instagram: FaInstagram,
  x: FaXTwitter,
  youtube: FaYoutube,
};

const DEFAULT_SELLER = 'Bag Shop';
const indiaYear = new Intl.DateTimeFormat('en-IN', { year: 'numeric', timeZone: SHOP_TIME_ZONE });

/** "© 2026 Bag Shop Retail Pvt. Ltd. All rights reserved.": this year in India, and one full stop after "Ltd.". */
function copyright(seller: string): string {
  return `© ${indiaYear.format(new Date())} ${seller}${seller.endsWith('.') ? '' : '.'} All rights reserved.`;
}

/** docs/product.md §2 footer: mission, links, the shop's social pages as set, and this year's copyright. */
export function Footer() {
  const { pathname } = useLocation();
  const { data: settings } = useShopSettingsQuery();
  if (pathname.startsWith('/admin')) return null;
  const social = SOCIAL_NETWORKS.flatMap((network) => {
    const url = settings?.social?.[network];
    return url ? [{ network, url }] : [];
  });
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
                {LINKS.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className="footer-link">
                      {link.label}
                    </Link>
                  </li>
                ))}
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
            {social.length > 0 ? (
              <ul className="list-unstyled d-flex gap-3 fs-5 mb-0" aria-label="Bag Shop elsewhere">
                {social.map(({ network, url }) => {
                  const Icon = SOCIAL_ICONS[network];
                  return (
                    <li key={network}>
                      <a href={url} className="footer-link" rel="noopener noreferrer" target="_blank">
                        <Icon aria-hidden="true" />
                        <span className="visually-hidden">{SOCIAL_NETWORK_LABELS[network]}</span>
                      </a>
                    </li>
                  );
                })}
              </ul>
            ) : null}
          </Col>
        </Row>
        <hr />
        <p className="text-center text-muted small mb-0">{copyright(settings?.sellerName ?? DEFAULT_SELLER)}</p>
      </Container>
    </footer>
  );
}
