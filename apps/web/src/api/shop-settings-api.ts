import type { CardPaymentMode, ShopSettings } from '@bagshop/shared/shop-settings';
import { api } from './api.ts';

export const shopSettingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    // How the shop runs only changes with a restart of the shop: fetched once per visit.
    shopSettings: build.query<ShopSettings, void>({
      query: () => '/api/shop/settings',
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const { useShopSettingsQuery } = shopSettingsApi;

/**
 * How this shop takes card payments: undefined while unknown (loading, or the shop could not be asked, in which
 * case the shop itself refuses what it cannot do, with a clear message).
 */
export function useCardPayments(): { mode: CardPaymentMode | undefined; isLoading: boolean } {
  const { data, isLoading } = useShopSettingsQuery();
  return { mode: data?.cardPayments, isLoading };
}

/** Whether listed prices include GST; false until known (the spec's screens add the tax in the cart). */
export function usePricesIncludeGst(): boolean {
  const { data } = useShopSettingsQuery();
  return data?.pricesIncludeGst ?? false;
}
