import { MSG } from './messages.ts';

/**
 * How a one-time code reached the person who asked for it (docs/decisions/057-registration-says-what-happened.md):
 * `mail` — a mail server accepted it; `devMailbox` — development without a mail server: it waits in the development
 * mailbox; `console` — no mail server: it is only printed in the shop's server console.
 */
export const CODE_DELIVERIES = ['mail', 'devMailbox', 'console'] as const;
export type CodeDelivery = (typeof CODE_DELIVERIES)[number];

/** Where the development mailbox is served (development only, this machine only). */
export const DEV_MAILBOX_PATH = '/dev/mailbox';

export const CODE_DELIVERY_MSG = {
  /** The spec's text (docs/product.md §8), said only when a mail really went out. */
  mail: MSG.otpSent,
  devMailbox: 'No mail was sent (development mode): your code is in the development mailbox.',
  console: "No mail was sent: this shop has no mail server set up, so your code is printed in the shop's console.",
  openDevMailbox: 'Open the development mailbox',
} as const satisfies Record<CodeDelivery | 'openDevMailbox', string>;

/** What to tell the person about the code they asked for, by how it travelled. */
export const codeSentMessage = (delivery: CodeDelivery): string => CODE_DELIVERY_MSG[delivery];
