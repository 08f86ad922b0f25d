/** RFC 5321: a forward path holds at most 256 octets including the angle brackets. */
export const EMAIL_MAX_LENGTH = 254;
const LOCAL_PART_MAX_LENGTH = 64;

/** Characters that end an address or split a list of them in a mail header; never part of an address we accept. */
const HEADER_SPECIALS = new Set(['<', '>', '(', ')', '[', ']', '\\', ',', ';', ':', '"']);
const WHITESPACE = /\s/;

function isForbidden(ch: string): boolean {
  const code = ch.charCodeAt(0);
  return code < 0x20 || code === 0x7f || HEADER_SPECIALS.has(ch) || WHITESPACE.test(ch);
}

/**
 * Whether `value` looks like a deliverable address: one `@`, a local part of at most 64 characters, a domain of
 * dot-separated labels with at least one dot, no empty parts, no spaces or header specials, 254 characters at
 * most. The length is checked first and the rest is one pass over the characters, so any input, however long or
 * crafted, costs linear time (a backtracking pattern can take seconds on 60 KB).
 */
export function isEmailAddress(value: string): boolean {
  if (value.length === 0 || value.length > EMAIL_MAX_LENGTH) return false;
  let at = -1;
  let previous = '';
  let domainDots = 0;
  for (let i = 0; i < value.length; i++) {
    const ch = value[i];
    if (isForbidden(ch)) return false;
    if (ch === '@') {
      if (at !== -1) return false;
      at = i;
    } else if (ch === '.') {
      // No part starts with a dot, and no dot follows another dot or the '@'.
      if (i === 0 || previous === '.' || previous === '@') return false;
      if (at !== -1) domainDots++;
    }
    previous = ch;
  }
  if (at <= 0 || at > LOCAL_PART_MAX_LENGTH) return false;
  if (value[at - 1] === '.') return false;
  return domainDots > 0 && previous !== '.' && previous !== '@';
}

const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * The person behind a mailbox, for rules that count people rather than addresses (referral bonuses, per-mailbox
 * limits): lower case, without a `+tag`, and for Gmail without dots and with googlemail.com read as gmail.com.
 * `Asha.Rao+shop@googlemail.com` and `asharao@gmail.com` give the same key.
 */
export function emailPersonKey(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at <= 0) return lower;
  let local = lower.slice(0, at);
  let domain = lower.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}
