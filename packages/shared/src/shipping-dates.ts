import { SHOP_TIME_ZONE } from './limits.ts';

/** Formats a moment as its India date, YYYY-MM-DD (en-CA writes dates that way). Made once: formatters are costly. */
export const SHIP_TIME_ZONE_DATE = new Intl.DateTimeFormat('en-CA', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
