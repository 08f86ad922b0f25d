import { ORDER_MSG } from '@bagshop/shared/order-messages';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { withRealServer } from '../../../test/real-server.ts';
import { renderScreen } from '../../../test/render.tsx';
import { ConfirmCodPage } from './confirm-cod-page.tsx';

withRealServer();

describe('the confirmation link of a cash-on-delivery order', () => {
  it('changes nothing on opening; a link the shop did not sign gets the server’s refusal', async () => {
    const forged = `0b8e4a52-8d7e-4c39-9d55-0f4f1a1f2c11.${'x'.repeat(43)}`;
    renderScreen(<ConfirmCodPage />, { path: '/confirm-cod', url: `/confirm-cod?token=${encodeURIComponent(forged)}` });
    expect(screen.getByRole('heading', { name: 'Confirm your cash-on-delivery order' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Confirm my order' }));
    expect((await screen.findByRole('alert')).textContent).toBe(ORDER_MSG.codConfirmLinkInvalid);
  });

  it('without a token says the link is not valid and offers nothing to press', () => {
    renderScreen(<ConfirmCodPage />, { path: '/confirm-cod', url: '/confirm-cod' });
    expect(screen.getByRole('alert').textContent).toBe(ORDER_MSG.codConfirmLinkInvalid);
    expect((screen.getByRole('button', { name: 'Confirm my order' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
