/** Characters a person may type in a phone number besides its digits: '+91 98765-43210', '(098765) 43210'. */
const PHONE_TYPING = /^[+\d\s().-]+$/;

/**
 * An Indian phone number as its ten digits, whichever way it was written: '+91 98765 43210', '919876543210',
 * '09876543210' and '98765-43210' all read '9876543210'. Null for anything that is not ten digits once the country
 * code (91) or trunk prefix (0) is taken off, so an empty or partial number never matches another.
 */
export function phoneDigits(value: string): string | null {
  if (!PHONE_TYPING.test(value)) return null;
  let digits = value.replace(/\D/g, '');
  if (digits.length === 13 && digits.startsWith('910')) digits = digits.slice(3);
  else if (digits.length === 12 && digits.startsWith('91')) digits = digits.slice(2);
  else if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  return /^\d{10}$/.test(digits) ? digits : null;
}

/** Whether two spellings name the same Indian phone number (see `phoneDigits`). */
export function samePhone(a: string, b: string): boolean {
  const digits = phoneDigits(a);
  return digits !== null && digits === phoneDigits(b);
}
