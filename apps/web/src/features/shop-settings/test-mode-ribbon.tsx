import { SHOP_SETTINGS_MSG } from '@bagshop/shared/shop-settings';
import { useCardPayments } from '../../api/shop-settings-api.ts';

/** On every storefront and admin page while card payments go to the sandbox: no money really moves. */
export function TestModeRibbon() {
  const { mode } = useCardPayments();
  if (mode !== 'sandbox') return null;
  return (
    <div
      className="test-mode-ribbon text-center small fw-semibold py-1 px-2"
      role="note"
      data-testid="test-mode-ribbon"
    >
      {SHOP_SETTINGS_MSG.testModeRibbon}
    </div>
  );
}
