import { COD_LIMIT_PAISE } from '@bagshop/shared/orders';
import { FREE_SHIPPING_FROM_PAISE, SHIPPING_PAISE } from '@bagshop/shared/pricing/cart';
import { formatINR } from '@bagshop/shared/pricing/money';
import { screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { Footer } from '../../app/footer.tsx';
import { POLICY_LINKS } from '../../components/policy-links.ts';
import { withRealServer } from '../../test/real-server.ts';
import { renderScreen } from '../../test/render.tsx';
import { PrivacyPolicyPage } from './pages/privacy-page.tsx';
import { RefundsPolicyPage } from './pages/refunds-page.tsx';
import { ShippingPolicyPage } from './pages/shipping-page.tsx';
import { TermsPage } from './pages/terms-page.tsx';

const server = withRealServer();

const PAGES: [string, string, ReactElement][] = [
  ['/policies/shipping', 'Shipping and delivery', <ShippingPolicyPage key="s" />],
  ['/policies/cancellations-and-refunds', 'Cancellations and refunds', <RefundsPolicyPage key="r" />],
  ['/policies/privacy', 'Privacy', <PrivacyPolicyPage key="p" />],
  ['/policies/terms', 'Terms and conditions', <TermsPage key="t" />],
];

interface Details {
  seller: { name: string; address: string; gstin: string; email: string; phone: string };
  paymentWindowMinutes: number;
}

describe('policy pages (docs/product.md §2.9)', () => {
  it.each(PAGES)(
    '%s shows its title, a loading state, then the seller and contact from the shop',
    async (path, title, page) => {
      renderScreen(page, { path });
      expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
      expect(screen.getByRole('status').textContent).toContain('Loading the policy…');
      const card = (await screen.findByRole('heading', { name: 'Who we are and how to reach us' })).closest(
        '.card',
      ) as HTMLElement;
      const { seller } = server.last('/api/shop/details').answer as Details;
      expect(card.textContent).toContain(seller.name);
      expect(card.textContent).toContain(seller.address);
      expect(card.textContent).toContain(`GSTIN ${seller.gstin}`);
      expect(within(card).getByRole('link', { name: seller.email }).getAttribute('href')).toBe(
        `mailto:${seller.email}`,
      );
      expect(within(card).getByRole('link', { name: seller.phone })).toBeTruthy();
      const others = within(screen.getByRole('navigation', { name: 'Other policies' })).getAllByRole('link');
      expect(others.map((a) => a.textContent)).toEqual(
        POLICY_LINKS.filter((l) => l.title !== title).map((l) => l.title),
      );
      expect(document.title).toBe(`${title} · Bag Shop`);
    },
  );

  it('states the delivery charges, cash on delivery and payment window the shop computes with', async () => {
    renderScreen(<ShippingPolicyPage />, { path: '/policies/shipping' });
    await screen.findByRole('heading', { name: 'What delivery costs' });
    const text = document.body.textContent ?? '';
    const { paymentWindowMinutes } = server.last('/api/shop/details').answer as Details;
    expect(text).toContain(`come to ${formatINR(FREE_SHIPPING_FROM_PAISE)} or more`);
    expect(text).toContain(`delivery costs ${formatINR(SHIPPING_PAISE)} per order`);
    expect(text).toContain(`orders of up to ${formatINR(COD_LIMIT_PAISE)}`);
    expect(text).toContain(`for ${paymentWindowMinutes} minutes while you pay`);
    expect(text).toContain('5 % GST');
  });

  it('says refunds of cancelled and returned bags go to the wallet at once, and late card payments to the card', async () => {
    renderScreen(<RefundsPolicyPage />, { path: '/policies/cancellations-and-refunds' });
    expect(await screen.findByRole('heading', { name: 'Refunds go to your Bag Shop wallet, at once' })).toBeTruthy();
    const text = document.body.textContent ?? '';
    expect(text).toContain('within 7 days of delivery');
    expect(text).toContain('goes back to the card or account it came from');
  });

  it('lists the four policies in the footer', () => {
    renderScreen(<Footer />, { path: '/' });
    const list = within(screen.getByRole('list', { name: 'Policies' }));
    expect(list.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual(
      PAGES.map(([path, title]) => [title, path]),
    );
  });
});
