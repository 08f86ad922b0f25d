import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { AccessTokens } from './access-tokens.ts';
import type { Guards } from './auth-guard.ts';
import type { Mailer } from './mail.ts';
import type { PaymentProvider } from './payments/provider.ts';
import type { Realtime } from './realtime.ts';
import type { ImageStorage } from './storage.ts';

/** What every feature module receives; modules never construct these themselves. */
export interface AppDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  storage: ImageStorage;
  tokens: AccessTokens;
  guards: Guards;
  /** The card payment provider; null when card payments are off (see platform/payments/card-payments.ts). */
  payments: PaymentProvider | null;
  realtime: Realtime;
}
