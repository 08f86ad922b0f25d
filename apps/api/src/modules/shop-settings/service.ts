import type { ShopSettings } from '@bagshop/shared/shop-settings';
import type { AppDeps } from '../../platform/deps.ts';

/** How this shop runs, as every visitor's browser needs it: GET /api/shop/settings and the storefront's pages. */
export function shopSettingsOf(deps: Pick<AppDeps, 'payments' | 'config'>): ShopSettings {
  return { cardPayments: deps.payments?.name ?? 'off', pricesIncludeGst: deps.config.PRICES_INCLUDE_GST };
}
