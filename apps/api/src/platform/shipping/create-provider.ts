import type { Config } from '../../config.ts';
import { createManualProvider } from './manual.ts';
import type { ShippingProvider } from './provider.ts';
import { createShiprocketProvider } from './shiprocket.ts';

/** The provider SHIPPING_PROVIDER names; loadConfig has already refused shiprocket without its login. */
export function createShippingProvider(config: Config): ShippingProvider {
  if (config.SHIPPING_PROVIDER === 'shiprocket' && config.SHIPROCKET_EMAIL && config.SHIPROCKET_PASSWORD) {
    return createShiprocketProvider({
      email: config.SHIPROCKET_EMAIL,
      password: config.SHIPROCKET_PASSWORD,
      apiUrl: config.SHIPROCKET_API_URL,
      pickupLocation: config.SHIPROCKET_PICKUP_LOCATION,
    });
  }
  return createManualProvider({
    zoneDays: {
      local: config.SHIPPING_DAYS_LOCAL,
      state: config.SHIPPING_DAYS_STATE,
      metro: config.SHIPPING_DAYS_METRO,
      national: config.SHIPPING_DAYS_NATIONAL,
      remote: config.SHIPPING_DAYS_REMOTE,
    },
    codToRemote: config.SHIPPING_COD_TO_REMOTE,
  });
}
