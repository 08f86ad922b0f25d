import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { AccessTokens } from './access-tokens.ts';
import type { Guards } from './auth-guard.ts';
import type { Mailer } from './mail.ts';
import type { ShopMetrics } from './metrics.ts';
import type { PaymentProvider } from './payments/provider.ts';
import type { Realtime } from './realtime.ts';
import type { ShippingProvider } from './shipping/provider.ts';
import type { SignedLinks } from './signed-links.ts';
import type { ImageStorage } from './storage.ts';

/**
 * Fetches pictures named by address (the catalogue import's Image Src) within the shop's rules: https, hosts of
 * IMPORT_IMAGE_HOSTS, public addresses, 10 MB and 10 s each (platform/remote-pictures.ts).
 */
export interface RemotePictureFetcher {
  /** Why the address may not be fetched, in words for a report; null when it may be (checked again on fetch). */
  refusal(url: string): string | null;
  /** The picture's bytes; throws an error whose message says why not. */
  fetch(url: string): Promise<Buffer>;
}

/** What every feature module receives; modules never construct these themselves. */
export interface AppDeps {
  config: Config;
  db: Db;
  /**
   * Reads that need not see the caller's own writes (admin reports, and catalogue reads while RESPONSE_CACHE=off):
   * the read replica of DATABASE_READ_URL, else the primary (docs/decisions/030-several-machines.md).
   */
  readDb: Db;
  /** Where the public catalogue reads: `readDb` unless the response cache is on (it keeps primary answers only). */
  catalogueDb: Db;
  mailer: Mailer;
  storage: ImageStorage;
  tokens: AccessTokens;
  /** Signs the links mail carries that act without a sign-in. */
  signedLinks: SignedLinks;
  guards: Guards;
  /** The card payment provider; null when card payments are off (see platform/payments/card-payments.ts). */
  payments: PaymentProvider | null;
  /** The courier service parcels are booked with (SHIPPING_PROVIDER); only the shipping module calls it. */
  shipping: ShippingProvider;
  realtime: Realtime;
  /** This app's Prometheus metrics: the counters features bump as things happen (platform/metrics.ts). */
  metrics: ShopMetrics;
  remotePictures: RemotePictureFetcher;
}
