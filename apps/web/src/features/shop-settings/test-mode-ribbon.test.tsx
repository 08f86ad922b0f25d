import { type CardPaymentMode, SHOP_SETTINGS_MSG } from '@bagshop/shared/shop-settings';
import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { describe, expect, it } from 'vitest';
import { shopSettingsApi } from '../../api/shop-settings-api.ts';
import { makeStore } from '../../store/store.ts';
import { withRealServer } from '../../test/real-server.ts';
import { renderScreen } from '../../test/render.tsx';
import { TestModeRibbon } from './test-mode-ribbon.tsx';

describe('test mode ribbon on the demo shop of this run', () => {
  const server = withRealServer();

  it('shows while card payments go to the sandbox', async () => {
    renderScreen(<TestModeRibbon />);
    expect((await screen.findByRole('note')).textContent).toBe(SHOP_SETTINGS_MSG.testModeRibbon);
    expect(server.last('/api/shop/settings').answer).toMatchObject({
      cardPayments: 'sandbox',
      pricesIncludeGst: false,
    });
  });
});

describe('test mode ribbon elsewhere', () => {
  async function renderFor(cardPayments: CardPaymentMode) {
    const store = makeStore();
    await store.dispatch(
      shopSettingsApi.util.upsertQueryData('shopSettings', undefined, { cardPayments, pricesIncludeGst: false }),
    );
    return render(
      <Provider store={store}>
        <p>page</p>
        <TestModeRibbon />
      </Provider>,
    );
  }

  it('shows on the sandbox', async () => {
    await renderFor('sandbox');
    expect(screen.getByRole('note').textContent).toBe('Test mode: no real payments');
  });

  it.each<CardPaymentMode>(['razorpay', 'off'])('is not there when card payments are %s', async (cardPayments) => {
    await renderFor(cardPayments);
    expect(screen.getByText('page')).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.queryByText(SHOP_SETTINGS_MSG.testModeRibbon)).toBeNull();
  });
});
