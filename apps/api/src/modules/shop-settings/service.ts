import type { ShopSettings } from '@bagshop/shared/shop-settings';
import type { AppDeps } from '../../platform/deps.ts';

/** How this shop runs, as every visitor's browser needs it: GET /api/shop/settings and the storefront's pages. */
export function shopSettingsOf(deps: Pick<AppDeps, 'payments' | 'config'>): ShopSettings {
  const { config } = deps;
  const social = Object.fromEntries(
    Object.entries({
      facebook: config.SOCIAL_FACEBOOK_URL,
      instagram: config.SOCIAL_INSTAGRAM_URL,
      x: config.SOCIAL_X_URL,
      youtube: config.SOCIAL_YOUTUBE_URL,
    }).filter(([, url]) => url),
  );
  return {
    cardPayments: deps.payments?.name ?? 'off',
    pricesIncludeGst: config.PRICES_INCLUDE_GST,
    sellerName: config.SELLER_NAME,
    social,
  };
}
