import { SHOP_TIME_ZONE } from '@bagshop/shared/limits';

const receivedFormat = new Intl.DateTimeFormat('en-IN', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: SHOP_TIME_ZONE,
});

/** 05 Jan 2025, 10:30 am */
export function receivedAt(iso: string): string {
  const time = Date.parse(iso);
  return Number.isFinite(time) ? receivedFormat.format(time) : '';
}

export const PREVIEW_LENGTH = 120;

/** The start of a message on one line, cut at a word where it can be. */
export function messagePreview(message: string, length = PREVIEW_LENGTH): string {
  const line = message.replace(/\s+/g, ' ').trim();
  if (line.length <= length) return line;
  const cut = line.slice(0, length);
  const space = cut.lastIndexOf(' ');
  return `${(space > length / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
